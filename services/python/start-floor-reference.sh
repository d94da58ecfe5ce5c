#!/usr/bin/env bash
# Starts one of the Python floor's servers in the foreground: `http` or `grpc` (the bare servers),
# `fastapi` or `flask` (the bare framework routes; see
# relix_floor_reference/); PORT and REDIS_URL from the environment. Used by `pnpm bench:floor
# --runtime python`; needs services/python/build.sh first. exec: SIGTERM reaches the server itself.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ -x "$here/.venv/bin/python" ] || { echo "services/python: run services/python/build.sh first" >&2; exit 1; }
export PYTHONPATH="$here:$here/generated${PYTHONPATH:+:$PYTHONPATH}"
exec "$here/.venv/bin/python" -m relix_floor_reference "$@"
