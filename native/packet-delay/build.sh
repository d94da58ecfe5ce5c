#!/usr/bin/env bash
# Builds native/packet-delay/build/packet-delay, the packet-level network emulator's helper.
# Safe to re-run: make rebuilds only what changed. As root, installs the Debian 12 packages it
# needs when they are missing (libnetfilter-queue-dev, libmnl-dev to build; iptables to install
# its rules at run time); otherwise it stops and names them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

log() { printf '==> packet-delay: %s\n' "$*"; }
fail() { printf 'error: packet-delay: %s\n' "$*" >&2; exit 1; }

# iptables is needed only at run time, but installed with the rest: the helper is useless without it.
missing=()
[ -f /usr/include/libnetfilter_queue/libnetfilter_queue.h ] || missing+=(libnetfilter-queue-dev)
[ -f /usr/include/libmnl/libmnl.h ] || missing+=(libmnl-dev)
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v make >/dev/null 2>&1 || missing+=(make)
PATH="$PATH:/usr/sbin:/sbin" command -v iptables >/dev/null 2>&1 || missing+=(iptables)

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    fail "missing Debian packages: ${missing[*]}; install them with: sudo apt-get install -y ${missing[*]}"
  fi
  command -v apt-get >/dev/null 2>&1 || fail "missing ${missing[*]}, and there is no apt-get to install them with"
  log "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" </dev/null
fi

make --no-print-directory -s
log "built $(pwd)/build/packet-delay ($(./build/packet-delay --version))"
