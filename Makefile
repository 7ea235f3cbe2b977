# gstdesk: make run opens the app, make test proves it works. See README.md.
SHELL := /bin/bash
WAILS_VERSION := v2.16.0
GOBIN := $(shell go env GOPATH)/bin
WAILS := $(GOBIN)/wails
APT_PACKAGES := build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.0-dev xvfb xauth xdotool x11-apps x11-utils imagemagick chromium chromium-driver
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DIST_KEEP := frontend/dist/.gitkeep
BIN := build/bin/gstdesk
DEV_BIN := build/bin/gstdesk-dev

.PHONY: setup run build dev test test-go test-frontend test-e2e test-native bench dist-windows dist-macos clean

## setup: install what is missing (apt packages, the pinned Wails CLI, npm packages). Idempotent.
setup: $(DIST_KEEP)
	@missing=""; for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; else echo "System packages: all present."; fi
	@# `wails version` prints a sponsor banner after the version: read the module version from the binary instead.
	@if [ "$$(go version -m $(WAILS) 2>/dev/null | awk '$$1=="mod" {print $$3}')" != "$(WAILS_VERSION)" ]; then echo "Installing Wails CLI $(WAILS_VERSION)"; go install github.com/wailsapp/wails/v2/cmd/wails@$(WAILS_VERSION); else echo "Wails CLI $(WAILS_VERSION): present."; fi
	@cd frontend && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else echo "npm packages: present."; fi

# go:embed all:frontend/dist needs a file there before any go build/test/vet on a fresh clone.
$(DIST_KEEP):
	@mkdir -p frontend/dist && touch $(DIST_KEEP)

## build: the production binary (build/bin/gstdesk) with the frontend embedded.
build: $(DIST_KEEP)
	$(WAILS) build -m -ldflags "-X gstdesk/backend/buildinfo.Version=0.1.0+$$(git rev-parse --short HEAD 2>/dev/null || echo dev)"
	@touch $(DIST_KEEP)

frontend-dist: $(DIST_KEEP)
	cd frontend && npx vite build --emptyOutDir=false

## run: set up what is missing, build, and open the window (under Xvfb when there is no display).
run: setup build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then echo "No display: running under xvfb-run"; xvfb-run -a ./$(BIN); else ./$(BIN); fi

## dev: Wails dev mode with live reload.
dev: setup
	$(WAILS) dev

## test: everything that proves the app works.
# Order: the native smoke test and frontend checks first, so the output ends with the Go test
# lines and the e2e runner's "N passed, N failed".
test: $(DIST_KEEP) test-native test-frontend test-go test-e2e

# The race run uses -short: a few exhaustive tests then sample their combinations (SQLite in pure
# Go is ~30x slower under the race detector); the plain run right after checks every combination.
test-go: $(DIST_KEEP)
	go vet ./...
	go test -race -short ./...
	go test -count=1 ./...

test-frontend:
	cd frontend && npx vitest run && npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings

# The e2e test drives the -tags dev binary (live Go bindings, assets from frontend/dist) in Debian's Chromium.
$(DEV_BIN): frontend-dist FORCE
	go build -tags dev -o $(DEV_BIN) .

test-e2e: frontend-dist $(DEV_BIN)
	cd frontend && DEV_BIN=../$(DEV_BIN) xvfb-run -a node e2e/run.mjs

## test-native: the real window under Xvfb appears and paints (records paint time and memory).
test-native: build
	./build/smoke-native.sh ./$(BIN)

## bench: run the benchmarks whose figures are committed under each package's testdata/BENCHMARKS.md.
bench: $(DIST_KEEP)
	go test -run '^$$' -bench . -benchmem ./backend/...

## dist-windows: cross-build the Windows .exe (and the NSIS installer when makensis is present).
dist-windows: $(DIST_KEEP)
	@if command -v makensis >/dev/null; then $(WAILS) build -m -platform windows/amd64 -nsis; else $(WAILS) build -m -platform windows/amd64; fi
	@touch $(DIST_KEEP)
	@test -f build/bin/gstdesk.exe && file build/bin/gstdesk.exe

## dist-macos: run this on a Mac; here it would exit 0 without building anything.
dist-macos:
	@echo "Build for macOS on a Mac with Xcode command line tools:"; echo "  wails build -platform darwin/universal"; exit 1

clean:
	rm -rf build/bin build/e2e frontend/dist/assets frontend/dist/index.html

FORCE:
