# Every target bootstraps the local virtual environment first, so a fresh checkout needs only
# Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint typecheck native pytest run bench strength messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The checks and the compiling of the search run side by side (each is one process on one core),
# each target's output kept together; then the suite.
test: $(STAMP)
	$(MAKE) --no-print-directory --jobs=3 --output-sync=target lint typecheck native
	$(MAKE) --no-print-directory pytest

# The search modules compiled to C by mypyc (bot/native.py): rebuilt only when their sources
# changed; without a C compiler the computer players run as plain Python, and say so here.
native: $(STAMP)
	$(BIN)/python -m bot.build_native

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy bot render tests

# The suite spends most of its time waiting on the local Discord stand-in and PostgreSQL, so it
# runs spread over the machine's cores (each worker starts its own PostgreSQL); a worker that runs
# out of tests takes some of another's queue (worksteal), so the suite does not end on one core.
pytest: native
	$(BIN)/python -m pytest -n auto --dist worksteal

run: native
	$(BIN)/python -m bot

# Benchmarks print figures; they assert nothing about speed (the machines are shared and noisy).
# BENCH_BEFORE: a git revision whose figures the table-noise script prints beside the current
# ones (empty: the current figures only).
BENCH_BEFORE ?= 6a30af5
bench: export BENCH_BEFORE := $(BENCH_BEFORE)
bench: native
	$(BIN)/python -m pytest tests/bench -o python_files='bench_*.py' --benchmark-enable \
		--benchmark-only --benchmark-columns=median,min,max,ops,rounds -p no:cacheprovider
	for script in tests/bench/script_*.py; do \
		[ -e "$$script" ] && $(BIN)/python -m tests.bench.$$(basename "$$script" .py) || exit 1; \
	done

# The goal matches of the computer players: hard against the former hard player (2 and 4
# players) and against medium (4 players), both games, 100 games each: it takes hours.
strength: native
	$(BIN)/python -m tests.bench.script_ai_strength --full

# Bring the message catalogues (data/locale) up to date with the code: new texts are added
# untranslated, texts no longer used are dropped. `make test` does not need it: a test fails while
# a catalogue lags behind the code.
messages: $(STAMP)
	$(BIN)/python -m bot.catalogue

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
