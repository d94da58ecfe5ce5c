#!/usr/bin/env bash
# Installs what Relix needs from the machine, on Debian 12: the servers its tests start privately
# (redis-server, MariaDB), the load tools (wrk, nghttp2's h2load, ghz), Chromium for UI tests, and
# pnpm. Anything already present is skipped, so it is safe to re-run. Used by .ci/run and by the
# README's setup step. The system Redis/MariaDB services may start on install; Relix never uses them.
set -euo pipefail

log() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Debian keeps server binaries in /usr/sbin, which a non-root PATH lacks; Go's usual homes too.
PATH="$PATH:/usr/sbin:/usr/local/go/bin:$HOME/go/bin"
have() { command -v "$1" >/dev/null 2>&1; }

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif have sudo; then
  as_root=(sudo)
else
  as_root=(false)
fi

# --- Node.js: not installed here (Debian 12's is too old); say so rather than guess. ---
have node || fail "Node.js >= 20.19 is required (https://nodejs.org); it is not on PATH"
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  fail "Node.js >= 20.19 is required; found $(node --version)"

# --- Debian packages: one entry per program we need, "program:package". ---
wanted=(
  redis-server:redis-server
  mariadbd:mariadb-server
  mariadb-install-db:mariadb-server
  chromium:chromium
  wrk:wrk
  h2load:nghttp2-client
  nghttp:nghttp2-client
)
ghz_bin() {
  if have ghz; then command -v ghz; return; fi
  if have go; then
    local gobin
    gobin="$(go env GOBIN)"
    gobin="${gobin:-$(go env GOPATH)/bin}"
    if [ -x "$gobin/ghz" ]; then echo "$gobin/ghz"; return; fi
  fi
  return 1
}
# ghz is built with Go; Debian's golang-go (1.19) is new enough for it (go 1.18).
ghz_bin >/dev/null || wanted+=(go:golang-go)

packages=()
for entry in "${wanted[@]}"; do
  program="${entry%%:*}" package="${entry#*:}"
  if ! have "$program" && [[ " ${packages[*]} " != *" $package "* ]]; then packages+=("$package"); fi
done

if [ "${#packages[@]}" -gt 0 ]; then
  [ "${as_root[*]}" != false ] || fail "installing ${packages[*]} needs root or sudo"
  log "apt-get install ${packages[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" </dev/null
else
  log "Debian packages: all present"
fi

# --- pnpm ---
if have pnpm; then
  log "pnpm: present ($(pnpm --version))"
else
  log "npm install -g pnpm@10"
  if [ -w "$(npm prefix -g)" ]; then npm install -g pnpm@10; else "${as_root[@]}" npm install -g pnpm@10; fi
fi

# --- ghz (gRPC load generator) ---
if ghz="$(ghz_bin)"; then
  log "ghz: present ($ghz)"
else
  log "go install github.com/bojand/ghz/cmd/ghz@v0.120.0"
  go install github.com/bojand/ghz/cmd/ghz@v0.120.0
  ghz="$(ghz_bin)" || fail "ghz was built but is not where Go puts binaries"
  log "ghz: installed ($ghz); add $(dirname "$ghz") to PATH"
fi
