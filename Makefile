# gstdesk: make run opens the app, make test proves it works. See README.md.
SHELL := /bin/bash
WAILS_VERSION := v2.16.0
# Quiet when Go is missing: the toolchain check says what to install.
GOBIN := $(shell go env GOPATH 2>/dev/null)/bin
WAILS := $(GOBIN)/wails
# The S3 server the backup tests run against (backend/backup/s3_test.go), built from the Go module proxy.
VERSITYGW_VERSION := v1.8.0
# What running needs (make run, make setup): the C toolchain and the GTK and WebKitGTK headers Wails
# compiles against, and Xvfb (with xauth, for xvfb-run) to run the window on a machine without a display.
RUN_APT := build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.0-dev xvfb xauth
# What testing adds (make test, make setup-test): Chromium for the e2e tests (fonts-liberation for its
# pages; no Recommends, which bring printer setup and avahi), xdotool, xdpyinfo (x11-utils) and
# ImageMagick for the native smoke test, pdftotext (poppler-utils) for the Form 16 tests, and sshd
# (openssh-server) for the SFTP backup tests, which start their own; its system service is disabled.
TEST_APT := chromium fonts-liberation xdotool x11-utils imagemagick poppler-utils openssh-server
DIST_KEEP := frontend/dist/.gitkeep
BIN := build/bin/gstdesk
DEV_BIN := build/bin/gstdesk-dev
# Local binaries, not npx: npx adds its own warnings and would fetch a missing package from the registry.
NODE_BIN := ./node_modules/.bin
VITE := $(NODE_BIN)/vite build --logLevel warn
# Where test runs put figures and logs (ignored by git; `make test` leaves tracked files alone).
RESULTS := build/results
# Package managers and "go: downloading" lines go here; each step prints one line.
SETUP_LOG := $(RESULTS)/setup.log

.PHONY: toolchain setup setup-test apt-run apt-test wails-cli go-modules go-modules-test versitygw node-modules run build frontend-dist bindings dev test test-go test-fuzz test-frontend test-e2e test-native record-native bench dist-windows dist-macos clean

## toolchain: check Go, Node.js with npm, make and git first; says what to install and where from.
toolchain:
	@scripts/check-toolchain.sh

## setup: install what running needs when missing (system packages, the pinned Wails CLI, Go modules, npm packages). Idempotent.
# One line per step; apt, go and npm output goes to $(SETUP_LOG).
setup: toolchain $(DIST_KEEP) apt-run wails-cli go-modules node-modules

## setup-test: setup, then what the tests add (Chromium, the smoke test's X tools, sshd, the S3 test server).
setup-test: setup apt-test go-modules-test versitygw

apt-run:
	@scripts/apt-install.sh $(SETUP_LOG) "for running" $(RUN_APT)

apt-test:
	@scripts/apt-install.sh $(SETUP_LOG) "for testing" --no-recommends --no-service openssh-server:ssh.service $(TEST_APT)

# `wails version` prints a sponsor banner after the version: read the module version from the binary instead.
wails-cli:
	@if [ "$$(go version -m $(WAILS) 2>/dev/null | awk '$$1=="mod" {print $$3}')" != "$(WAILS_VERSION)" ]; then \
	  mkdir -p $(RESULTS); echo "Wails CLI $(WAILS_VERSION): installing with go install (log: $(SETUP_LOG))"; \
	  go install github.com/wailsapp/wails/v2/cmd/wails@$(WAILS_VERSION) >>$(SETUP_LOG) 2>&1 || { tail -n 20 $(SETUP_LOG); exit 1; }; \
	else echo "Wails CLI $(WAILS_VERSION): present."; fi

# The Go modules the app (go-modules) or its tests (go-modules-test) build with, fetched here so
# that their "go: downloading" lines go to the log; a first check with GOPROXY=off finds them cached.
go-modules:
	@$(call go_fetch,the app,.)

go-modules-test:
	@$(call go_fetch,the tests,-test ./...)

go_fetch = mkdir -p $(RESULTS); if GOPROXY=off go list -deps $(2) >/dev/null 2>&1; then echo "Go modules for $(1): present."; else \
	  echo "Go modules for $(1): downloading (log: $(SETUP_LOG))"; go list -deps $(2) >/dev/null 2>>$(SETUP_LOG) || { tail -n 20 $(SETUP_LOG); exit 1; }; fi

versitygw:
	@if [ "$$(go version -m $(GOBIN)/versitygw 2>/dev/null | awk '$$1=="mod" {print $$3}')" != "$(VERSITYGW_VERSION)" ]; then \
	  mkdir -p $(RESULTS); echo "versitygw $(VERSITYGW_VERSION) (the backup tests' S3 server): building with go install, about a minute (log: $(SETUP_LOG))"; \
	  go install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION) >>$(SETUP_LOG) 2>&1 || { tail -n 20 $(SETUP_LOG); exit 1; }; \
	else echo "versitygw $(VERSITYGW_VERSION): present."; fi

## node-modules: npm ci when frontend/node_modules does not hold what package-lock.json asks for.
# By contents (scripts/npm-current.mjs), not file times: a fresh clone or a worktree sharing
# node_modules has a lock file newer than the install it matches.
node-modules:
	@if node scripts/npm-current.mjs frontend; then echo "npm packages: present."; else \
	  mkdir -p $(RESULTS); echo "npm packages: installing with npm ci (log: $(SETUP_LOG))"; \
	  (cd frontend && npm ci --no-audit --no-fund --loglevel=error) >>$(SETUP_LOG) 2>&1 || { tail -n 20 $(SETUP_LOG); exit 1; }; fi

# go:embed all:frontend/dist needs a file there before any go build/test/vet on a fresh clone.
$(DIST_KEEP):
	@mkdir -p frontend/dist && touch $(DIST_KEEP)

## build: the production binary (build/bin/gstdesk) with the frontend embedded.
# Vite builds the frontend (its warnings and errors to $(RESULTS)/build.log); `wails build -s` then compiles and packages
# without rebuilding it, -skipbindings leaves the committed frontend/wailsjs/ alone (`make bindings`
# regenerates it), -v 0 drops the progress table; errors still print and fail the target.
build: toolchain $(DIST_KEEP) node-modules
	@mkdir -p $(RESULTS); echo "Building the frontend (vite) and $(BIN) (wails build; log: $(RESULTS)/build.log)"
	@# Vite's warnings (a slow plugin on a busy machine) go to the log; shown when the build fails.
	@(cd frontend && $(VITE)) >$(RESULTS)/build.log 2>&1 || { cat $(RESULTS)/build.log; exit 1; }
	@$(WAILS) build -s -m -skipbindings -trimpath -v 0 -nocolour -ldflags "-X gstdesk/backend/buildinfo.Version=0.1.0+$$(git rev-parse --short HEAD 2>/dev/null || echo dev)"
	@touch $(DIST_KEEP)
	@echo "Built $(BIN)"

## frontend-dist: frontend/dist for the -tags dev binary, without emptying it first.
frontend-dist: toolchain $(DIST_KEEP) node-modules
	cd frontend && $(VITE) --emptyOutDir=false

## bindings: regenerate frontend/wailsjs/ from the bound Go methods; run it after changing them and commit the result.
# The generator's type dump goes to $(RESULTS)/bindings.log (printed if it fails). Wails writes the
# runtime files executable; they are committed 0644.
bindings: toolchain $(DIST_KEEP)
	@mkdir -p $(RESULTS)
	@$(WAILS) generate module -v 0 -nocolour >$(RESULTS)/bindings.log 2>&1 || { cat $(RESULTS)/bindings.log; exit 1; }
	@chmod 644 frontend/wailsjs/runtime/*
	@changed=$$(git status --porcelain -- frontend/wailsjs); if [ -n "$$changed" ]; then echo "Bindings changed (commit them):"; echo "$$changed"; else echo "Bindings: up to date."; fi

## run: set up what is missing, build, and open the window (under Xvfb when there is no display).
# With no display the window opens on a virtual screen (xvfb-run) nobody sees: say so, how to stop
# it, and that the command line needs no display at all.
run: setup build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then \
	  echo "No display here: gstdesk is running under xvfb-run, on a virtual screen nobody can see. Press Ctrl+C to stop it."; \
	  echo "To see the window, run make run in a desktop session (or over ssh -X). The command line needs no display, e.g.:"; \
	  echo "  ./$(BIN) gst verify 27AAPFU0939F1ZV    (./$(BIN) help lists every command)"; \
	  xvfb-run -a ./$(BIN); \
	else echo "Opening $(BIN)"; ./$(BIN); fi

## dev: Wails dev mode with live reload.
dev: setup
	$(WAILS) dev

## test: everything that proves the app works.
# Order: the native smoke test and frontend checks first, so the output ends with the Go test
# lines and the e2e runner's "N passed, N failed".
test: setup-test $(DIST_KEEP) test-native test-frontend test-go test-fuzz test-e2e

## test-go: go vet, then the Go tests with the race detector, then without.
# The race run uses -short: a few exhaustive tests then sample their combinations (SQLite in pure
# Go is ~30x slower under the race detector); the plain run right after checks every combination.
test-go: toolchain $(DIST_KEEP)
	go vet ./...
	go test -race -short ./...
	go test -count=1 ./...

## test-fuzz: every fuzz target (readers, the envelope decoder, parsers) fuzzed for $(FUZZTIME) each.
# A count of executions, not a duration: a duration-based -fuzztime races the Go fuzzing coordinator's
# own deadline (golang/go#75804) and fails with a bare "context deadline exceeded" on a busy machine.
# Their seed corpora already run in test-go; this looks for new inputs that panic or break a rule.
FUZZTIME ?= 20000x
test-fuzz: toolchain $(DIST_KEEP)
	@mkdir -p $(RESULTS); set -e; grep -rl --include='*_test.go' '^func Fuzz' backend | xargs -n1 dirname | sort -u | while read -r dir; do \
	  for f in $$(grep -h '^func Fuzz' $$dir/*_test.go | sed 's/func \(Fuzz[A-Za-z0-9_]*\).*/\1/' | sort -u); do \
	    echo "fuzz ./$$dir $$f ($(FUZZTIME))"; go test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) ./$$dir >$(RESULTS)/fuzz.log 2>&1 || { cat $(RESULTS)/fuzz.log; exit 1; }; \
	  done; \
	done

## test-frontend: unit tests (vitest) and type checks (svelte-check).
test-frontend: toolchain node-modules
	cd frontend && $(NODE_BIN)/vitest run && $(NODE_BIN)/svelte-check --tsconfig ./tsconfig.json --fail-on-warnings

# The e2e test drives the -tags dev binary (live Go bindings, assets from frontend/dist) in Debian's Chromium.
$(DEV_BIN): frontend-dist FORCE
	go build -tags dev -o $(DEV_BIN) .

## test-e2e: the frontend in Chromium against the dev binary (build/e2e/ gets screenshots and the app's log).
test-e2e: frontend-dist $(DEV_BIN)
	cd frontend && DEV_BIN=../$(DEV_BIN) xvfb-run -a node e2e/run.mjs

## test-native: the real window under Xvfb appears and paints; paint time and memory go to $(RESULTS)/native-smoke.md.
test-native: build
	SMOKE_RESULTS=$(RESULTS)/native-smoke.md ./build/smoke-native.sh ./$(BIN)

## record-native: run test-native and copy its figures into the committed build/native-smoke-results.md.
record-native: test-native
	cp $(RESULTS)/native-smoke.md build/native-smoke-results.md
	@git diff --stat -- build/native-smoke-results.md

## bench: run the benchmarks whose figures are committed under each package's testdata/BENCHMARKS.md.
bench: toolchain $(DIST_KEEP)
	go test -run '^$$' -bench . -benchmem ./backend/...

## dist-windows: cross-build the Windows .exe (and the NSIS installer when makensis is present).
dist-windows: toolchain $(DIST_KEEP)
	@if command -v makensis >/dev/null; then $(WAILS) build -m -skipbindings -platform windows/amd64 -nsis; else $(WAILS) build -m -skipbindings -platform windows/amd64; fi
	@touch $(DIST_KEEP)
	@test -f build/bin/gstdesk.exe && file build/bin/gstdesk.exe

## dist-macos: run this on a Mac; here it would exit 0 without building anything.
dist-macos:
	@echo "Build for macOS on a Mac with Xcode command line tools:"; echo "  wails build -platform darwin/universal"; exit 1

## clean: remove build outputs (binaries, screenshots, figures, the built frontend).
clean:
	rm -rf build/bin build/e2e $(RESULTS) frontend/dist/assets frontend/dist/index.html

FORCE:
