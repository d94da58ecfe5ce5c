#!/usr/bin/env bash
# Builds native/load-client/build/relix-load, Relix's load client. Safe to re-run: go build reuses
# its cache. Needs Go 1.19 or newer; golang.org/x/net comes from the module proxy on first build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

fail() { printf 'error: load-client: %s\n' "$*" >&2; exit 1; }

# Go installed from the official tarball lives here and is often not on PATH.
for dir in /usr/local/go/bin "$HOME/go/bin"; do
  case ":$PATH:" in *":$dir:"*) ;; *) [ -d "$dir" ] && PATH="$PATH:$dir" ;; esac
done
command -v go >/dev/null 2>&1 || fail "go not found: install Go 1.19 or newer (Debian: apt-get install golang-go)"

go build -trimpath -o build/relix-load .
printf '==> load-client: built %s (%s)\n' "$(pwd)/build/relix-load" "$(./build/relix-load --version)"
