#!/usr/bin/env bash
# Checks the toolchain gstdesk builds with before anything is installed or built: Go (the version
# go.mod names), Node.js 20.19 or newer with npm, make and git. Each missing or old tool gets one
# line: what is needed, what this machine has, and where to get it. Exits 1 if any is missing.
# Usage: scripts/check-toolchain.sh   (from the repository root; `make` runs it first)
set -u
cd "$(dirname "$0")/.."
problems=0
say() { echo "$*" >&2; problems=$((problems + 1)); }

# version_ge A B: A >= B for dotted numbers (1.26.8 >= 1.26).
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

go_need=$(awk '$1 == "go" {print $2; exit}' go.mod)
if ! command -v go >/dev/null 2>&1; then
  say "Go $go_need or newer is needed and 'go' is not on PATH: install it from https://go.dev/dl/ (unpack to /usr/local/go and add /usr/local/go/bin to PATH)."
else
  # GOTOOLCHAIN=local: the Go installed here, not one it would download for go.mod.
  go_have=$(GOTOOLCHAIN=local go env GOVERSION 2>/dev/null | sed 's/^go//')
  if ! version_ge "${go_have:-0}" "$go_need"; then
    if [ "$(go env GOTOOLCHAIN 2>/dev/null)" != "local" ] && version_ge "${go_have:-0}" 1.21; then
      : # Go 1.21+ with GOTOOLCHAIN=auto fetches go$go_need itself on first use.
    else
      say "Go $go_need or newer is needed (this machine has go${go_have:-?}): install it from https://go.dev/dl/, or set GOTOOLCHAIN=auto to let Go fetch it."
    fi
  fi
fi

if ! command -v node >/dev/null 2>&1; then
  say "Node.js 20.19 or newer with npm is needed and 'node' is not on PATH: install it from https://nodejs.org/en/download (Debian 12's own nodejs is too old)."
else
  node_have=$(node --version 2>/dev/null | sed 's/^v//')
  if ! version_ge "${node_have:-0}" 20.19; then
    say "Node.js 20.19 or newer is needed (this machine has ${node_have:-?}): install it from https://nodejs.org/en/download."
  elif ! command -v npm >/dev/null 2>&1; then
    say "npm is needed with Node.js $node_have and is not on PATH: install the npm that comes with Node.js from https://nodejs.org/en/download (Debian: sudo apt-get install npm)."
  fi
fi

command -v make >/dev/null 2>&1 || say "make is needed: install it with 'sudo apt-get install make' (Debian or Ubuntu)."
command -v git >/dev/null 2>&1 || say "git is needed (the build stamps the commit into the binary): install it with 'sudo apt-get install git'."

if [ "$problems" -gt 0 ]; then
  echo "Install the above, then run the same command again." >&2
  exit 1
fi
echo "Toolchain: go$(go env GOVERSION 2>/dev/null | sed 's/^go//'), Node.js $(node --version), npm $(npm --version 2>/dev/null), make and git: present."
