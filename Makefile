# Quick start: `make run` serves the app on SQLite (gunicorn with gevent workers, as in
# production: live boards need them); `make dev` is Flask's reloading debug server;
# `make test` runs the suite
# (ruff, `make audit`: bandit and pip-audit, then pytest); the browser tests and the
# longer runs are targets of their own, each a step of .ci/run.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run dev test e2e table season schemathesis audit audits screenshots bench bench-quick faults fuzz fuzz-api clean

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

# Every test in Debian's Chromium (pytest -m e2e): each game scored by thumb on a
# phone, live boards, offline entry, the league night; with issue 26's sweeps (-m
# table, which `make table` runs alone). Minutes of browser time, so a CI step of
# its own (.ci/run), right after `make test`.
e2e: $(STAMP)
	$(BIN)/pytest -n $${PYTEST_WORKERS:-auto} -m "e2e or table" $(PYTEST_ARGS)

# Schemathesis against the served OpenAPI document, every check and phase, on SQLite
# and PostgreSQL (pytest -m schemathesis, REFEREE_SCHEMATHESIS_EXAMPLES an operation,
# 15): the suite's longest test, so a CI step of its own.
schemathesis: $(STAMP)
	$(BIN)/pytest -n $${PYTEST_WORKERS:-auto} -m schemathesis -s $(PYTEST_ARGS)

# Issue 26's browser sweeps over the whole registry in Chromium (pytest -m table):
# every game's next input on the first screen at 360x640 and 390x844 in both themes,
# the typical turns within their taps (bench/turns/), and the audits. CI runs them
# in `make e2e`.
table: $(STAMP)
	$(BIN)/pytest -n $${PYTEST_WORKERS:-auto} -m table $(PYTEST_ARGS)

# Issue 23's target: a 16-team double round robin league season (240 team matches,
# 2,400 games) created, played and settled through the JSON API, on SQLite and on
# PostgreSQL when TEST_DATABASE_URL is set (pytest -m season; minutes, so a CI step
# of its own, after `make table`). Each run prints its time per database.
season: $(STAMP)
	$(BIN)/pytest -n $${PYTEST_WORKERS:-auto} -m season -s $(PYTEST_ARGS)

# Issue 26's audits of the served app in Debian's Chromium (CHROME_PATH, never a
# downloaded browser): axe-core with no violation in either theme and Lighthouse
# mobile >= 95 in each category, and the back/forward cache taken, on every game's
# match page and the home, rules, calculator and tournament pages (scripts/audits.py,
# a few minutes). The npm packages are pinned in scripts/audit (npm ci).
AUDIT_NPM := scripts/audit/node_modules/.installed
$(AUDIT_NPM): scripts/audit/package.json scripts/audit/package-lock.json
	cd scripts/audit && npm ci --no-audit --no-fund --loglevel=error
	touch $(AUDIT_NPM)

audits: $(STAMP) $(AUDIT_NPM)
	CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} $(BIN)/python scripts/audits.py

# docs/img: every TV board at 1920x1080 and 1280x720, every game's match page at
# 360x640 (the README's gallery), from scripts/screenshots.py.
screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

# Security: bandit on our code (medium and high findings fail; each accepted one is
# marked `# nosec BXXX: why`), pip-audit on the installed environment.
audit: $(STAMP)
	$(BIN)/bandit -q -r referee scripts -ll
	$(BIN)/python scripts/pip_audit.py

# Faults: gunicorn's workers killed mid-request 20 times under a write load, on SQLite
# and PostgreSQL (pytest -m faults: tests/web/test_faults.py, R6; two minutes or more
# on a busy machine, so out of `make test`); then faults beyond a worker, on
# PostgreSQL (TEST_DATABASE_URL, else the local server): the database restarted under
# a write load, and one of two app servers killed (tests/fault_runs.py, about two
# minutes). That restarts PostgreSQL with pg_ctlcluster, cutting everyone's
# connections, so it runs as a CI step of its own, as root.
faults: $(STAMP)
	$(BIN)/pytest -n $${PYTEST_WORKERS:-auto} -m faults -s $(PYTEST_ARGS)
	$(BIN)/python tests/fault_runs.py

# The API fuzzers with a larger budget than the suite's (not in CI): Schemathesis with 45 examples an
# operation, and hostile input (NUL, lone surrogates, control characters, long text,
# deep nesting) with 100 an operation, on SQLite and on TEST_DATABASE_URL's PostgreSQL.
fuzz-api: $(STAMP)
	REFEREE_SCHEMATHESIS_EXAMPLES=45 REFEREE_HOSTILE_EXAMPLES=100 $(BIN)/pytest -n0 -q \
		-m "schemathesis or slow" tests/web/test_schemathesis.py tests/web/test_hostile_fuzz.py

bench: $(STAMP)
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done

# Every bench/*.py in its quick mode (BENCH_QUICK=1: small sizes, a few seconds each,
# the same code paths), so a broken benchmark fails CI (scripts/bench_quick.py). A
# script that does not read BENCH_QUICK is listed and skipped; one that fails or runs
# past BENCH_QUICK_TIMEOUT seconds (120) fails the target. Figures only, no targets.
bench-quick: $(STAMP)
	$(BIN)/python scripts/bench_quick.py

# Coverage-guided fuzzing (atheris) of the notation parsers, every game's event parser
# and engine, and every tool: FUZZ_SECONDS in all (split over the targets); any
# exception but BadInput/Refused fails it, the input kept in .fuzz/.
FUZZ_SECONDS ?= 60
fuzz: $(STAMP)
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(BIN)/python tests/fuzz/run.py

clean:
	rm -rf $(VENV) instance/*.sqlite*
