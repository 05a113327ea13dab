# Quick start: `make run` serves the app on SQLite (gunicorn with gevent workers, as in
# production: live boards need them); `make dev` is Flask's reloading debug server;
# `make test` runs the whole suite
# (ruff, `make audit`: bandit and pip-audit, then pytest).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run dev test audit bench fuzz clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/flask --app referee db upgrade
	$(BIN)/gunicorn -c gunicorn.conf.py 'referee:create_app()'

dev: $(STAMP)
	$(BIN)/flask --app referee db upgrade
	$(BIN)/flask --app referee run --debug --port $${PORT:-5000}

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MAKE) --no-print-directory audit
	$(BIN)/pytest -n $${PYTEST_WORKERS:-auto} $(PYTEST_ARGS)

# Security: bandit on our code (medium and high findings fail; each accepted one is
# marked `# nosec BXXX: why`), pip-audit on the installed environment.
audit: $(STAMP)
	$(BIN)/bandit -q -r referee scripts -ll
	$(BIN)/python scripts/pip_audit.py

bench: $(STAMP)
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done

# Coverage-guided fuzzing (atheris) of the notation parsers, every game's event parser
# and engine, and every tool: FUZZ_SECONDS in all (split over the targets); any
# exception but BadInput/Refused fails it, the input kept in .fuzz/.
FUZZ_SECONDS ?= 60
fuzz: $(STAMP)
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(BIN)/python tests/fuzz/run.py

clean:
	rm -rf $(VENV) instance/*.sqlite*
