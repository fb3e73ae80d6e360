# kifu: every target makes its own virtual environment in .venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test test-install bench lint fuzz man clean compile glyphs pictures

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

## The editable install is a tree of links to the sources (build/__editable__.kifu-…) on a .pth
## path entry: mypy follows it, so a user's code is type-checked against kifu (py.typed), which
## setuptools' default import hook does not allow. A new source file needs a new link: the
## install is made again when the list of files changes (.venv/.files).
EDITABLE := --config-settings editable_mode=strict
FILES := $(shell find cli grammars -name __pycache__ -prune -o -name _mypyc -prune -o -type f -print | sort)
$(VENV)/.files: FORCE
	@mkdir -p $(VENV)
	@echo '$(FILES)' | cmp -s - $@ || echo '$(FILES)' > $@

$(VENV)/.installed: $(BIN)/python pyproject.toml $(VENV)/.files
	$(BIN)/python -m pip install --quiet -e . $(EDITABLE)
	touch $@

## kifu and its test extras in one pip call, which is also kifu's install (.installed): pip
## resolves once and builds the editable wheel once (two calls did both twice)
$(VENV)/.installed-test: $(BIN)/python pyproject.toml $(VENV)/.files
	$(BIN)/python -m pip install --quiet -e '.[test,zstd]' $(EDITABLE)
	touch $(VENV)/.installed $@

.PHONY: FORCE
FORCE:

## make compile: the compiled build of the hot modules (mypyc; setup.py lists them), made once
## and again when a source changes; it prints how long it took. Without a C compiler, the
## Python headers or mypy, or if mypyc fails, it prints one line with the cause and the remedy,
## kifu stays pure Python, and nothing is stamped: the next make tries again (KIFU_PURE=1
## selects the pure modules even when the build is there). mypy's analysis takes one core, then
## the C files compile on two (setup.py spreads the files of mypyc's one large extension too).
## (after kifu's install, not newer than it: installing the test extras does not compile again)
SOURCES := $(shell find cli -name '*.py') setup.py pyproject.toml
$(VENV)/.compiled: $(SOURCES) | $(VENV)/.installed
	@$(BIN)/python -c "import mypyc.build, setuptools as s, sys; sys.exit(int(s.__version__.split('.')[0]) < 77)" 2>/dev/null \
	  || $(BIN)/python -m pip install --quiet 'setuptools>=77' 'mypy>=1.8' \
	  || echo "make compile: mypy or setuptools not installed; kifu stays pure Python"
	@mkdir -p build; KIFU_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace --parallel 2 >build/compile.log 2>&1; \
	  grep "^kifu build:" build/compile.log || { tail -20 build/compile.log; echo "make compile: the build failed; kifu stays pure Python"; }
	@# the bytecode of the modules left interpreted: an editable install never writes it under
	@# PYTHONDONTWRITEBYTECODE, and every start then compiles them from source (0.15-0.2 s of CPU
	@# of each `kifu check` on this machine; the peers' installed packages have theirs). It is
	@# written where kifu is imported from: the strict editable install imports the modules
	@# through the links of build/__editable__*, and a cache beside cli/ is never read there
	@$(BIN)/python -m compileall -q cli "$$($(BIN)/python -c 'import kifu, os; print(os.path.dirname(kifu.__file__))')" \
	  >/dev/null || echo "make compile: no bytecode written"
	@# stamped only when the build is there: a failed compile is tried again by the next make
	@if grep -q "^kifu build: compiled" build/compile.log; then touch $@; \
	  else echo "make compile: kifu runs as pure Python (the whole log: build/compile.log); the next make tries again"; fi

compile: $(VENV)/.compiled

## make demo: install kifu and check the bundled fixtures (the bad ones are broken on purpose)
demo: $(VENV)/.installed $(VENV)/.compiled
	@for game in chess xiangqi go; do \
	  echo "== kifu check -r fixtures/$$game/good -v   (clean records: exit 0)"; \
	  $(BIN)/kifu check -r fixtures/$$game/good -v || exit 1; \
	  echo "== kifu check -r fixtures/$$game/bad       (one broken record per finding code: exit 1 is expected)"; \
	  $(BIN)/kifu check -r fixtures/$$game/bad; test $$? -eq 1 || exit 1; \
	done
	@echo "== kifu explain CHESS101"
	$(BIN)/kifu explain CHESS101
	@echo "== kifu convert fixtures/chess/good/opera-game.pgn --to san --write-lang de"
	$(BIN)/kifu convert fixtures/chess/good/opera-game.pgn --to san --write-lang de
	@echo "== kifu convert fixtures/chess/good/opera-game.pgn --to diagram   (the final position)"
	$(BIN)/kifu convert fixtures/chess/good/opera-game.pgn --to diagram
	@echo "== kifu convert fixtures/xiangqi/good/mate.pgn --to diagram"
	$(BIN)/kifu convert fixtures/xiangqi/good/mate.pgn --to diagram
	@echo "== kifu convert fixtures/go/good/9x9-even-two-passes.sgf --to diagram   (the final position, counted)"
	$(BIN)/kifu convert fixtures/go/good/9x9-even-two-passes.sgf --to diagram

## make glyphs: remake cli/xiangqi/glyphs.py, the outlines of the xiangqi SVG's characters, from
## Noto Serif CJK (Debian's fonts-noto-cjk; fontTools from the glyphs extra)
glyphs: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[glyphs]' $(EDITABLE)
	$(BIN)/python -m tests.render.make_glyphs

## make pictures: remake the README's pictures (docs/images: the show-*.svg boards, and headless
## Chromium's report-*.png and render-*.png screenshots); look at each before committing it
pictures: $(VENV)/.installed-test
	$(BIN)/python -m tests.show.screenshots
	$(BIN)/python -m tests.render.screenshots

## make test: install kifu[test] and run the whole suite on every core (pytest-xdist), then
## name its 10 slowest tests. KIFU_SLOW=1 make test draws the large case counts of tests/sizes.py.
## The long tests start first (tests/conftest.py) and an idle worker takes over the other's
## waiting tests (worksteal), so that neither core idles at the end of the run.
test: $(VENV)/.installed-test $(VENV)/.compiled
	$(BIN)/python -m pytest -q -n auto --dist worksteal --durations=10

## make test-install: the user's install routes, each from a clean copy of the repository into a
## fresh environment (tests/test_install.py): python -m build and a wheel in a clean venv, pipx
## install ., pip install . without a C compiler; and the GitHub Action's steps as a runner runs
## them (tests/test_action.py). Each builds kifu: a few minutes in all, one at a time (they share
## the copy's build folder).
test-install: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q -p no:cacheprovider -m install tests/test_install.py tests/test_action.py

## make bench: kifu against its peers, side by side (numbers, not assertions); first the start-up
## (tests/bench/startup.py: kifu --help, kifu explain CHESS101, a one-file check, against python -c pass)
## Peers it installs when missing: cchess from PyPI, pgn-extract and gnugo from Debian (as root);
## a peer that cannot be installed is skipped with a note.
bench: $(VENV)/.installed-test $(VENV)/.compiled
	@$(BIN)/python -c "import cchess" 2>/dev/null || $(BIN)/python -m pip install --quiet cchess \
	  || echo "make bench: cchess not installed; its comparison is skipped"
	@missing=""; \
	for program in pgn-extract gnugo; do \
	  command -v $$program >/dev/null || test -x /usr/games/$$program || missing="$$missing $$program"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing) >/dev/null 2>&1 \
	      || echo "make bench:$$missing not installed; the comparisons with it are skipped"; \
	  else echo "make bench: no apt-get as root for$$missing; the comparisons with it are skipped"; fi; \
	fi
	$(BIN)/python tests/bench/run.py

## make fuzz: the mutation fuzzers and generators of tests/fuzz, every format, over 2 processes;
## FUZZ_COUNT inputs (default 1000) or FUZZ_SECONDS per format, FUZZ_SEED (repeatable runs),
## FUZZ_FORMATS (chess sgf xqpgn dhtmlxq cbf xqf cbr); reproducers go to tests/fuzz/found/;
## then the look-ahead's figures on planted score-sheet slips, FUZZ_COUNT (default 1000) random
## games of each class (one slip, 2-3, a garbled move, a move left out, written twice, two moves
## swapped, and those two where the sheet plays on for some moves): chess (tests/chess/slips.py),
## xiangqi (tests/xiangqi/slips.py) and Go (tests/go/slips.py)
FUZZ_COUNT ?=
FUZZ_SECONDS ?=
FUZZ_SEED ?= 0
FUZZ_FORMATS ?=
fuzz: $(VENV)/.installed-test
	$(BIN)/python -m tests.fuzz.run --seed $(FUZZ_SEED) $(if $(FUZZ_COUNT),--count $(FUZZ_COUNT)) \
	  $(if $(FUZZ_SECONDS),--seconds $(FUZZ_SECONDS)) $(foreach f,$(FUZZ_FORMATS),--format $(f))
	$(BIN)/python -m tests.chess.slips --games $(or $(FUZZ_COUNT),1000) --seed $(FUZZ_SEED)
	$(BIN)/python -m tests.xiangqi.slips --records $(or $(FUZZ_COUNT),1000) --seed $(FUZZ_SEED)
	$(BIN)/python -m tests.go.slips --games $(or $(FUZZ_COUNT),1000) --seed $(FUZZ_SEED)

## make lint: ruff and mypy --strict on the whole package
lint: $(VENV)/.installed-test
	$(BIN)/ruff check cli tests
	$(BIN)/ruff format --check cli tests
	$(BIN)/python tests/typecheck.py kifu

## make man: the man pages (kifu.1, kifu-check.1 …) in build/man, built from the Click commands
man: $(VENV)/.installed
	$(BIN)/python tests/manpage.py build/man

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache cli/_mypyc
