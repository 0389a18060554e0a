# Rookclub — the two commands a newcomer needs: `make run` and `make test`
# (and `make venue` for a club night in a hall: docs/venue.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
# VENV: another virtualenv may be named (the venue test reuses the one already built).
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check -q
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run venue test print-jobs lint format system-packages migrate demo worker bench clean

run: $(VENV)/.installed ## create .venv, install, migrate, load the demo club, serve it
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py demo
	@echo "Rookclub on http://$(HOST):$(PORT)/  (log in: director / rookclub-demo)"
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# The hall's network: gunicorn on every interface (HOST=0.0.0.0 unless given) on PORT,
# DEBUG off over plain http, SITE_URL = http://<this laptop's address>:PORT/ unless set.
# Prints the address phones join at, and its QR code. Ctrl-C stops it. docs/venue.md.
venue: $(VENV)/.installed ## serve the phones of a hall's network from this laptop (docs/venue.md)
	HOST=$(if $(filter command line environment environment override,$(origin HOST)),$(HOST),0.0.0.0) \
	PORT=$(PORT) ROOKCLUB_VENUE=1 $(BIN)/python manage.py venue

# JOBS: test processes (pytest-xdist): two per core (at most 8) by default, since the
# browser, server and subprocess tests spend much of their time waiting; JOBS=0 runs in
# this one process. PYTEST_ARGS goes to pytest as is (paths, -k, -x, --timeout N...).
# `make venue` from a fresh clone (tests/venue) runs afterwards, on its own: it starts a
# server the way a director does and must not wait behind the other processes' browsers.
# With REDIS_URL set, the tests that need the one real Celery worker run there too,
# serially (exit status 5, "no test selected", is not a failure there).
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n * 2 > 8 ? 8 : n * 2 )))
test: $(VENV)/.installed-test system-packages ## install the test extras and run the whole suite on every core
ifdef REDIS_URL
	$(BIN)/pytest -n $(JOBS) -m "not celery_worker and not venue" $(PYTEST_ARGS)
	$(BIN)/pytest -n 0 -m "celery_worker or venue" $(PYTEST_ARGS) || [ $$? -eq 5 ]
else
	$(BIN)/pytest -n $(JOBS) -m "not venue" $(PYTEST_ARGS)
	$(BIN)/pytest -n 0 -m venue $(PYTEST_ARGS) || [ $$? -eq 5 ]
endif

print-jobs: ## how many test processes make test starts (.ci/run uses the same)
	@echo $(JOBS)

lint: $(VENV)/.installed-test ## ruff check + ruff format --check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

system-packages: ## Debian packages for PDFs and browser tests (only what is missing)
	@bash deploy/install-system-packages.sh

# QUEUES: celery (everything but batch PDFs), print (batch PDFs), or both (default).
# CONCURRENCY: pool processes (default: one per core). Prefetch is 1 (settings.py).
QUEUES ?= celery,print
CONCURRENCY ?=
worker: $(VENV)/.installed ## a Celery worker (needs REDIS_URL): make worker QUEUES=print CONCURRENCY=2
	$(BIN)/celery -A rookclub worker --loglevel INFO --queues $(QUEUES) --prefetch-multiplier 1 \
		$(if $(CONCURRENCY),--concurrency $(CONCURRENCY)) $(if $(filter print,$(QUEUES)),-O fair)

bench: $(VENV)/.installed-test ## every bench/ script, one table of ratios, written to bench/results/ (QUICK=1: small sizes)
	$(BIN)/python bench/run_all.py $(if $(QUICK),--quick)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) install -c constraints.txt -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) install -c constraints.txt -e ".[test]"
	@touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) var build *.egg-info
