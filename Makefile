# gstdesk: make run opens the app, make test proves it works. See README.md.
SHELL := /bin/bash
WAILS_VERSION := v2.16.0
GOBIN := $(shell go env GOPATH)/bin
WAILS := $(GOBIN)/wails
# The S3 server the backup tests run against (backend/backup/s3_test.go), built from the Go module proxy.
VERSITYGW_VERSION := v1.8.0
APT_PACKAGES := build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.0-dev xvfb xauth xdotool x11-apps x11-utils imagemagick chromium chromium-driver poppler-utils openssh-server
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DIST_KEEP := frontend/dist/.gitkeep
BIN := build/bin/gstdesk
DEV_BIN := build/bin/gstdesk-dev
NODE_MODULES := frontend/node_modules/.package-lock.json
# Local binaries, not npx: npx adds its own warnings and would fetch a missing package from the registry.
NODE_BIN := ./node_modules/.bin
VITE := $(NODE_BIN)/vite build --logLevel warn
# Where test runs put figures and logs (ignored by git; `make test` leaves tracked files alone).
RESULTS := build/results

.PHONY: setup run build frontend-dist bindings dev test test-go test-fuzz test-frontend test-e2e test-native record-native bench dist-windows dist-macos clean

## setup: install what is missing (apt packages, the pinned Wails CLI, npm packages). Idempotent.
setup: $(DIST_KEEP)
	@missing=""; for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; else echo "System packages: all present."; fi
	@# `wails version` prints a sponsor banner after the version: read the module version from the binary instead.
	@if [ "$$(go version -m $(WAILS) 2>/dev/null | awk '$$1=="mod" {print $$3}')" != "$(WAILS_VERSION)" ]; then echo "Installing Wails CLI $(WAILS_VERSION)"; go install github.com/wailsapp/wails/v2/cmd/wails@$(WAILS_VERSION); else echo "Wails CLI $(WAILS_VERSION): present."; fi
	@if [ "$$(go version -m $(GOBIN)/versitygw 2>/dev/null | awk '$$1=="mod" {print $$3}')" != "$(VERSITYGW_VERSION)" ]; then echo "Installing versitygw $(VERSITYGW_VERSION) (the backup tests' S3 server)"; go install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION); else echo "versitygw $(VERSITYGW_VERSION): present."; fi
	@cd frontend && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else echo "npm packages: present."; fi

# go:embed all:frontend/dist needs a file there before any go build/test/vet on a fresh clone.
$(DIST_KEEP):
	@mkdir -p frontend/dist && touch $(DIST_KEEP)

# npm packages for the build targets when `make setup` has not run (same check as setup).
$(NODE_MODULES): frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error

## build: the production binary (build/bin/gstdesk) with the frontend embedded.
# Vite builds the frontend (warnings and errors only); `wails build -s` then compiles and packages
# without rebuilding it, -skipbindings leaves the committed frontend/wailsjs/ alone (`make bindings`
# regenerates it), -v 0 drops the progress table; errors still print and fail the target.
build: $(DIST_KEEP) $(NODE_MODULES)
	@echo "Building the frontend (vite) and $(BIN) (wails build)"
	@cd frontend && $(VITE)
	@$(WAILS) build -s -m -skipbindings -trimpath -v 0 -nocolour -ldflags "-X gstdesk/backend/buildinfo.Version=0.1.0+$$(git rev-parse --short HEAD 2>/dev/null || echo dev)"
	@touch $(DIST_KEEP)
	@echo "Built $(BIN)"

## frontend-dist: frontend/dist for the -tags dev binary, without emptying it first.
frontend-dist: $(DIST_KEEP) $(NODE_MODULES)
	cd frontend && $(VITE) --emptyOutDir=false

## bindings: regenerate frontend/wailsjs/ from the bound Go methods; run it after changing them and commit the result.
# The generator's type dump goes to $(RESULTS)/bindings.log (printed if it fails). Wails writes the
# runtime files executable; they are committed 0644.
bindings: $(DIST_KEEP)
	@mkdir -p $(RESULTS)
	@$(WAILS) generate module -v 0 -nocolour >$(RESULTS)/bindings.log 2>&1 || { cat $(RESULTS)/bindings.log; exit 1; }
	@chmod 644 frontend/wailsjs/runtime/*
	@changed=$$(git status --porcelain -- frontend/wailsjs); if [ -n "$$changed" ]; then echo "Bindings changed (commit them):"; echo "$$changed"; else echo "Bindings: up to date."; fi

## run: set up what is missing, build, and open the window (under Xvfb when there is no display).
run: setup build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then echo "No display: running under xvfb-run"; xvfb-run -a ./$(BIN); else ./$(BIN); fi

## dev: Wails dev mode with live reload.
dev: setup
	$(WAILS) dev

## test: everything that proves the app works.
# Order: the native smoke test and frontend checks first, so the output ends with the Go test
# lines and the e2e runner's "N passed, N failed".
test: $(DIST_KEEP) test-native test-frontend test-go test-fuzz test-e2e

## test-go: go vet, then the Go tests with the race detector, then without.
# The race run uses -short: a few exhaustive tests then sample their combinations (SQLite in pure
# Go is ~30x slower under the race detector); the plain run right after checks every combination.
test-go: $(DIST_KEEP)
	go vet ./...
	go test -race -short ./...
	go test -count=1 ./...

## test-fuzz: every fuzz target (readers, the envelope decoder, parsers) fuzzed for $(FUZZTIME) each.
# A count of executions, not a duration: a duration-based -fuzztime races the Go fuzzing coordinator's
# own deadline (golang/go#75804) and fails with a bare "context deadline exceeded" on a busy machine.
# Their seed corpora already run in test-go; this looks for new inputs that panic or break a rule.
FUZZTIME ?= 20000x
test-fuzz: $(DIST_KEEP)
	@mkdir -p $(RESULTS); set -e; grep -rl --include='*_test.go' '^func Fuzz' backend | xargs -n1 dirname | sort -u | while read -r dir; do \
	  for f in $$(grep -h '^func Fuzz' $$dir/*_test.go | sed 's/func \(Fuzz[A-Za-z0-9_]*\).*/\1/' | sort -u); do \
	    echo "fuzz ./$$dir $$f ($(FUZZTIME))"; go test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) ./$$dir >$(RESULTS)/fuzz.log 2>&1 || { cat $(RESULTS)/fuzz.log; exit 1; }; \
	  done; \
	done

## test-frontend: unit tests (vitest) and type checks (svelte-check).
test-frontend: $(NODE_MODULES)
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
bench: $(DIST_KEEP)
	go test -run '^$$' -bench . -benchmem ./backend/...

## dist-windows: cross-build the Windows .exe (and the NSIS installer when makensis is present).
dist-windows: $(DIST_KEEP)
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
