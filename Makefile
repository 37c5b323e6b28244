# Two commands for users: `make serve` and `make test`. Everything else is for developers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed-run

.PHONY: test test-serial check bench serve clean system-deps native pure

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Test-only, beside the dev extra: the mjai package (mjai.app's simulator, which ships Mortal's
# libriichi compiled) pins an old `mahjong`, so it goes in without its dependencies; the tests
# that use it (tests/formats/mjai_consumer.py) skip, saying so, where no wheel fits.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/pip install --quiet --no-deps --only-binary=:all: 'mjai==0.2.1' \
		|| echo "warning: mjai (libriichi) not installed: its tests will skip"
	touch $(STAMP)

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[native]'
	touch $(RUN_STAMP)

# The hot modules compiled with mypyc, in place (openmahjong/native.py lists them; docs/native.md).
# Rebuilds only when one of their sources changed; without a compiler everything runs as plain
# Python (under CI a failed build is an error). `make pure` removes the compiled modules.
native: | $(BIN)/python
	@test -f $(STAMP) || test -f $(RUN_STAMP) || $(MAKE) --no-print-directory $(RUN_STAMP)
	$(BIN)/python -m openmahjong.native build

pure: | $(BIN)/python
	$(BIN)/python -m openmahjong.native clean

# Debian packages the tests need: Chromium (browser tests), CJK fonts (tile faces, zh/ja pages)
# and Node.js (the client's JS modules checked against Python). Installed once, as root.
system-deps:
	@missing=""; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing="$$missing fonts-noto-cjk"; \
	command -v node >/dev/null || missing="$$missing nodejs"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing \
		|| { echo "could not install$$missing (browser and JS tests need them)"; \
		     [ -z "$$CI" ] || exit 1; }; \
	fi

# The suite runs on TEST_WORKERS processes (pytest-xdist), one per core up to two: the browser
# tests wait on a server and Chromium as much as they compute, and more workers than cores only
# starve them. Whole modules go to a worker (loadfile: a module's fixtures are built once), the
# browser modules first (tests/conftest.py orders them; --no-loadscope-reorder keeps that order).
# `make test TEST_WORKERS=1` or `make test-serial` runs in one process.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ "$$n" -gt 2 ] && n=2; echo $$n)
PYTEST_ARGS = $(if $(filter-out 0 1,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder)

test: $(STAMP) system-deps native
	$(BIN)/ruff check src tests bench
	$(BIN)/pytest $(PYTEST_ARGS)

test-serial:
	@$(MAKE) --no-print-directory test TEST_WORKERS=1

check: $(STAMP) system-deps native
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/pytest $(PYTEST_ARGS)

bench: $(STAMP) native
	@for script in bench/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

# Answers at once: compiled when an up-to-date build is in place, otherwise as plain Python
# while the compiled modules build in the background for the next start (a fresh clone answers
# in about 40 s instead of 5 minutes). `make serve PORT=8090 HOST=0.0.0.0` picks the address;
# OPENMAHJONG_PORT and OPENMAHJONG_HOST do too (docs/server.md).
SERVE_ARGS = $(if $(filter command line,$(origin HOST)),--host '$(HOST)') \
	$(if $(filter command line,$(origin PORT)),--port '$(PORT)')
serve: $(RUN_STAMP)
	@if $(BIN)/python -m openmahjong.native current; then \
		exec $(BIN)/openmahjong serve $(SERVE_ARGS); \
	else \
		$(BIN)/python -m openmahjong.native build --background; \
		OPENMAHJONG_PURE=1 exec $(BIN)/openmahjong serve $(SERVE_ARGS); \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache src/.mypy_cache src/openmahjong/.native-build*
	find src -name '*.so' -delete
