#!/usr/bin/env bash
# Installs what Relix needs from the machine, on Debian 12: the servers its tests start privately
# (redis-server, MariaDB), the load tools (wrk, nghttp2's h2load, ghz), grpcurl for the conformance
# tests, Toxiproxy for network placements, Chromium for UI tests, and pnpm. Anything already
# present is skipped, so it is safe to re-run. Used by .ci/run and by the README's setup step. The
# system Redis/MariaDB services may start on install; Relix never uses them.
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
# Go tools: ghz (the gRPC load generator), grpcurl (the standard gRPC client the conformance
# tests call through reflection) and Toxiproxy (the network emulator for placements other than
# loopback). Each is looked for on PATH, then where `go install` puts it. `go install` names
# Toxiproxy's binary `server`, too common a name to trust on PATH: it is only looked for in Go's bin.
go_tool_bin() {
  if [ "$1" != server ] && have "$1"; then command -v "$1"; return; fi
  if have go; then
    local gobin
    gobin="$(go env GOBIN)"
    gobin="${gobin:-$(go env GOPATH)/bin}"
    if [ -x "$gobin/$1" ]; then echo "$gobin/$1"; return; fi
  fi
  return 1
}
# Debian's golang-go (1.19) is new enough for ghz and grpcurl (go 1.18); Toxiproxy needs more (below).
{ go_tool_bin ghz && go_tool_bin grpcurl && go_tool_bin server; } >/dev/null || wanted+=(go:golang-go)

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

# --- Go tools, pinned: ghz (gRPC load generator), grpcurl (conformance tests), Toxiproxy (placements) ---
go_tools=(
  ghz:github.com/bojand/ghz/cmd/ghz@v0.120.0
  grpcurl:github.com/fullstorydev/grpcurl/cmd/grpcurl@v1.8.9
  server:github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0
)
# Toxiproxy v2.12.0 declares go 1.23; Go 1.21+ fetches that toolchain by itself, older Go cannot.
go_fetches_toolchains() {
  local minor
  minor="$(go env GOVERSION | sed -n 's/^go1\.\([0-9]*\).*/\1/p')"
  [ -n "$minor" ] && [ "$minor" -ge 21 ]
}
for entry in "${go_tools[@]}"; do
  name="${entry%%:*}" module="${entry#*:}"
  if found="$(go_tool_bin "$name")"; then
    log "$name: present ($found)"
  else
    if [ "$name" = server ] && ! go_fetches_toolchains; then
      fail "Toxiproxy ($module) needs Go >= 1.21 (it builds with 1.23, which newer Go fetches itself); found $(go env GOVERSION): install Go from https://go.dev/dl and re-run"
    fi
    log "go install $module"
    go install "$module"
    found="$(go_tool_bin "$name")" || fail "$name was built but is not where Go puts binaries"
    log "$name: installed ($found); add $(dirname "$found") to PATH"
  fi
done

# --- Other runtimes: what the Java and Python stacks and the packet emulator's helper need ---
# Installed from Debian when missing, but never fatal: a part this machine cannot have is reported
# here, `pnpm build:runtimes` (scripts/build-runtimes.sh) skips it with its reason, the runner refuses
# its stacks saying why, and every other stack still runs.
java_major() {
  javac -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p'
}
python_venv_ok() {
  python3 -c 'import sys, venv, ensurepip; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null
}
# "part:package:present-check" — each check a shell command that succeeds when the part has what it needs.
runtime_wants=(
  "java (spring, grpc-java):openjdk-17-jdk-headless:[ \"\$(java_major)\" -ge 17 ] 2>/dev/null"
  "java (spring, grpc-java):maven:have mvn"
  "python (fastapi, flask, grpcio):python3-venv:python_venv_ok"
  "packet-delay (packet-level placements):libnetfilter-queue-dev:[ -f /usr/include/libnetfilter_queue/libnetfilter_queue.h ]"
  "packet-delay (packet-level placements):libmnl-dev:[ -f /usr/include/libmnl/libmnl.h ]"
  "packet-delay (packet-level placements):iptables:have iptables"
)
runtime_missing=()
runtime_parts=()
for entry in "${runtime_wants[@]}"; do
  part="${entry%%:*}" rest="${entry#*:}"
  package="${rest%%:*}" check="${rest#*:}"
  if ! eval "$check"; then
    runtime_missing+=("$package")
    runtime_parts+=("$part: $package")
  fi
done
runtime_unmet=()
if [ "${#runtime_missing[@]}" -eq 0 ]; then
  log "other runtimes: JDK 17, Maven, Python venv and the packet helper's packages all present"
elif [ "${as_root[*]}" = false ]; then
  runtime_unmet=("${runtime_parts[@]/%/ (needs root or sudo to install)}")
elif ! have apt-get; then
  runtime_unmet=("${runtime_parts[@]/%/ (no apt-get on this machine)}")
else
  log "apt-get install ${runtime_missing[*]} (other runtimes)"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq || true
  # One at a time, so a package this release lacks does not keep the others out.
  for package in "${runtime_missing[@]}"; do
    if ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" </dev/null; then
      for line in "${runtime_parts[@]}"; do
        [[ "$line" == *": $package" ]] && runtime_unmet+=("$line (apt-get could not install it)")
      done
    fi
  done
  # Python older than 3.11 has a venv module and still cannot serve the Python stacks.
  if ! python_venv_ok && [[ " ${runtime_unmet[*]} " != *python3-venv* ]]; then
    runtime_unmet+=("python (fastapi, flask, grpcio): Python 3.11 or newer with venv ($(python3 --version 2>&1))")
  fi
fi
if [ "${#runtime_unmet[@]}" -gt 0 ]; then
  printf 'warning: could not provide what these runtimes need; their stacks will be reported unavailable, every other stack still runs:\n' >&2
  printf '  %s\n' "${runtime_unmet[@]}" >&2
fi

# --- relix-load: the one client for both sides (native/load-client), built here with Go ---
# Every preset's headline rests on it (`clients: equal`), so a machine that cannot build it stops
# here with the reason, as for ghz. Safe to re-run: Go rebuilds only what changed.
log "building relix-load (native/load-client)"
bash native/load-client/build.sh || fail "relix-load, the client for both sides, could not be built (above: why)"
