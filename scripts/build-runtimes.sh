#!/usr/bin/env bash
# Builds whatever this machine can build beside the Node services: the Java stacks (services/java,
# JDK 17+ and Maven), the Python stacks (services/python, Python 3.11+ with venv) and the packet
# emulator's helper (native/packet-delay, gcc and libnetfilter-queue). Each part is built by its own
# folder's build.sh; one that cannot be built here is skipped with its reason, and the run goes on:
# the Node stacks need none of them. Ends with one line per part, built or skipped and why.
# Set RELIX_REQUIRE_RUNTIMES=1 to fail when any part could not be built.
set -uo pipefail
cd "$(dirname "$0")/.."

parts=(
  "java:services/java/build.sh"
  "python:services/python/build.sh"
  "packet-delay:native/packet-delay/build.sh"
)
summary=()
failed=0
for part in "${parts[@]}"; do
  name="${part%%:*}"
  script="${part#*:}"
  printf '==> building %s (%s)\n' "$name" "$script"
  log="$(mktemp)"
  if bash "$script" >"$log" 2>&1; then
    summary+=("built    $name")
  else
    failed=1
    # The build script's last line says why (a missing program, package or version).
    reason="$(grep -v '^\s*$' "$log" | tail -n 1)"
    summary+=("SKIPPED  $name: ${reason:-its build failed}")
    tail -n 20 "$log" >&2
  fi
  rm -f "$log"
done
printf '\nother runtimes:\n'
printf '  %s\n' "${summary[@]}"
if [ "$failed" -ne 0 ] && [ "${RELIX_REQUIRE_RUNTIMES:-0}" = "1" ]; then exit 1; fi
exit 0
