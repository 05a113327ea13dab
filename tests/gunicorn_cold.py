"""A gunicorn config with no hooks: workers that serve without warming first
(``tests.serve.Gunicorn(warm=False)``). The fault run restarts workers dozens of
times a minute, and each warm-up is a second or two of CPU that proves nothing
about what a killed request leaves behind."""
