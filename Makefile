SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
EXTRAS := agents,dev,bench,sb3,rllib

# pip's own config already lists /opt/wheels (the local torch CPU wheel); naming it here as well
# keeps `make install` working where that config is absent but the directory exists.
FIND_LINKS := $(if $(wildcard /opt/wheels),--find-links /opt/wheels,)

.PHONY: install browser test lint run bench clean FORCE

install: $(STAMP)

# The editable install maps only the top-level packages that exist when it runs. The stamp
# records them, and a package that has appeared since (e.g. agents/) forces one reinstall.
PACKAGES  := $(patsubst %/__init__.py,%,$(wildcard nemesis_env/__init__.py agents/__init__.py experiments/__init__.py))
NEW_PKGS  := $(filter-out $(shell cat $(STAMP) 2>/dev/null),$(PACKAGES))

$(STAMP): pyproject.toml constraints.txt $(if $(NEW_PKGS),FORCE)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install $(FIND_LINKS) -c constraints.txt -e '.[$(EXTRAS)]'
	echo '$(PACKAGES)' > $@

FORCE:

# The viewer's end-to-end tests drive Debian's Chromium (never a browser download): installed
# with apt-get when it is missing (as root, or through sudo).
CHROMIUM := /usr/bin/chromium
SUDO     := $(if $(filter 0,$(shell id -u)),,sudo)

browser:
	test -x $(CHROMIUM) || $(SUDO) apt-get install -y --no-install-recommends chromium \
	    || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium; }

# mypy --strict covers nemesis_env and agents (whichever exist yet).
MYPY_TARGETS := $(wildcard nemesis_env agents)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy $(MYPY_TARGETS)
	$(BIN)/lint-imports

test: install browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy $(MYPY_TARGETS)
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2 --dist worksteal

# The main job: train PPO (a fixed 50 updates), tournament, report in runs/quickstart/;
# --overwrite replaces the previous run there (cleared first, so the report shows one run).
run: install
	$(BIN)/nemesis run configs/quickstart.yaml --overwrite

bench: install
	$(BIN)/nemesis bench --game not_alone --seconds 10 --json

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
