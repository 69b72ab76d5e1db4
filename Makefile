SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
EXTRAS := agents,dev,bench

# pip's own config already lists /opt/wheels (the local torch CPU wheel); naming it here as well
# keeps `make install` working where that config is absent but the directory exists.
FIND_LINKS := $(if $(wildcard /opt/wheels),--find-links /opt/wheels,)

.PHONY: install test lint run bench clean

install: $(STAMP)

# The editable install maps only the top-level packages that exist when it runs, so reinstall
# once agents/ or experiments/ appear (their __init__.py is newer than the stamp).
TOP_LEVEL_INITS := $(wildcard nemesis_env/__init__.py agents/__init__.py experiments/__init__.py)

$(STAMP): pyproject.toml constraints.txt $(TOP_LEVEL_INITS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install $(FIND_LINKS) -c constraints.txt -e '.[$(EXTRAS)]'
	touch $@

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy nemesis_env agents

test: install
	$(BIN)/ruff check .
	$(BIN)/mypy nemesis_env agents
	$(BIN)/pytest -n 2

# Later: `$(BIN)/nemesis run configs/quickstart.yaml` once that config and command exist.
run: install
	$(BIN)/python -m nemesis_env.cli demo --game not_alone --players 4 --seed 0

bench: install
	$(BIN)/nemesis bench --game not_alone --seconds 10 --json

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
