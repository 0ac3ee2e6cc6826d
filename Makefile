# tutor: the few commands a club organiser or a contributor needs.
#   make serve [HOST=0.0.0.0] [PORT=9000] [POOL=2] [WARM="maui.ru.ipynb=20"] [TOKEN=…] [MAX_LEARNERS=40]
#              [ALLOWED_HOSTS="tutor.club"]
#                                                     Voilà app at http://$(HOST):$(PORT)
#   make test [JOBS=3] [PYTEST_ARGS=…]                the whole test suite (installs chromium, nodejs, npm if missing)
#   make lab                                          JupyterLab on the repository (notebooks/, lessons/)
#   make bench                                        engine / render / serving figures
#   make loadtest [LEARNERS=20] [LESSON=maui.ipynb] [BURST_CAP=10]   a room opening a lesson at once (loopback
#                                    only): a websocket crowd, then 2 x BURST_CAP Chromium pages against that cap
#   make site                                         the static site in site/: every lesson runs in the browser
#   make serve-site [SITE_PORT=8770]                  site/ at http://127.0.0.1:$(SITE_PORT) for a look

SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8866
LAB_PORT ?= 8888
LAB_ARGS ?=
POOL ?= 1
TOKEN ?=
MAX_LEARNERS ?= 40
ALLOWED_HOSTS ?=
WARM ?=
PYTEST_ARGS ?=
# test processes: one more than the cores, at most 4 (each browser worker runs its own Voilà server and Chromium).
# A browser test spends part of its time waiting on a page, a kernel or a timer; the extra worker fills those
# gaps: on 2 cores the whole suite took 13 min 0 s with 3 workers against 13 min 49 s with 2.
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); n=$$((n + 1)); [ $$n -gt 4 ] && n=4; echo $$n)
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

LEARNERS ?= 20
LESSON ?= maui.ipynb
BURST_CAP ?= 10

SITE_PORT ?= 8770

.PHONY: serve test lab bench loadtest venv chromium node clean site serve-site

$(PY):
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  echo "python3 -m venv failed; installing python3-venv" >&2; \
	  rm -rf $(VENV); \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv; \
	  $(PYTHON) -m venv $(VENV); }
	$(PY) -m pip install -q --upgrade pip

# Stamps re-install only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test]'
	@touch $@ $(VENV)/.installed

venv: $(VENV)/.installed

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "installing Debian chromium for the browser tests" >&2; \
	  $(SUDO) apt-get update && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-dejavu-core; \
	fi
	@test -x $(CHROMIUM) || { echo "$(CHROMIUM) is missing" >&2; exit 1; }

# make site (and so the static site's test) runs `npm pack` for Pyodide and precompiles the wheels under Node.js
node:
	@if ! command -v npm > /dev/null || ! command -v node > /dev/null; then \
	  echo "installing Debian nodejs and npm for the static site" >&2; \
	  $(SUDO) apt-get update && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm; \
	fi
	@command -v npm > /dev/null && command -v node > /dev/null || { echo "node or npm is missing" >&2; exit 1; }

# Python may be told not to write bytecode (PYTHONDONTWRITEBYTECODE): then every kernel would compile the tutor
# anew. compileall writes it once, so each learner's kernel starts from it.
serve: $(VENV)/.installed
	@$(PY) -m compileall -q tutor > /dev/null
	$(PY) -m tutor.serving --host $(HOST) --port $(PORT) --pool-size $(POOL) --max-learners $(MAX_LEARNERS) \
	  $(foreach h,$(ALLOWED_HOSTS),--allowed-host $(h)) $(foreach w,$(WARM),--warm $(w)) \
	  $(if $(TOKEN),--token $(TOKEN))

# pytest exits 5 when it collects nothing: that is a failure here, said out loud.
# The whole suite also builds the Binder rehearsal's venv: started beside the tests (tests/binder_env.py), it
# installs while the browser tests wait on pages; its test waits for it. A run with PYTEST_ARGS builds it only
# if it reaches that test.
# The static site's test builds the site once (tools/site/cached.py): started beside the tests too, so the workers
# that reach its test find it built or nearly (each waits on the build's lock and reuses it).
# pytest may keep the test modules it has rewritten (its assertion messages) only where Python may write bytecode:
# with PYTHONDONTWRITEBYTECODE set, as on the machines here, each of the workers rewrote all of them again (22 s of
# collection each, against 8 s).
# Tests go to the workers the longest first (tests/ordering.py, tests/durations.json), handed out as each worker is
# free, one at a time (--dist load --maxschedchunk 1): work stealing, and load's own first chunks, gave one worker a
# contiguous run of the list (load's first quarter: every long test) and left it working alone at the end.
test: $(VENV)/.installed-test chromium node
	@$(if $(PYTEST_ARGS),,$(PY) tests/binder_env.py > $(VENV)/binder-build.log 2>&1 & builder=$$!;) \
	$(if $(PYTEST_ARGS),,$(PY) -m tools.site.cached > $(VENV)/site-build.log 2>&1 & sitebuilder=$$!;) \
	$(PY) -m compileall -q tutor > /dev/null; \
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n $(JOBS) --dist load --maxschedchunk 1 $(PYTEST_ARGS); rc=$$?; \
	$(if $(PYTEST_ARGS),,kill $$builder $$sitebuilder 2>/dev/null;) \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests" >&2; fi; \
	exit $$rc

lab: $(VENV)/.installed
	$(VENV)/bin/jupyter lab --config=tools/jupyter_lab_config.py --ServerApp.root_dir=. \
	  --ServerApp.ip=$(HOST) --ServerApp.port=$(LAB_PORT) $(if $(filter 0,$(shell id -u)),--allow-root) $(LAB_ARGS)

bench: $(VENV)/.installed-test chromium
	$(PY) bench/run.py

loadtest: $(VENV)/.installed-test chromium
	$(PY) bench/loadtest.py --learners $(LEARNERS) --lesson $(LESSON)
	$(PY) bench/loadtest.py --burst --learners $$(( 2 * $(BURST_CAP) )) --max-learners $(BURST_CAP) --lesson $(LESSON)

# tools/site: the tutor's wheel, its dependencies and Pyodide (npm) cached in build/site-cache/; fails if the
# site would fetch anything from another host
site: $(VENV)/.installed node
	$(PY) -m tools.site

serve-site:
	$(PYTHON) -m tools.site.serve --port $(SITE_PORT)

clean:
	rm -rf $(VENV) .pytest_cache
