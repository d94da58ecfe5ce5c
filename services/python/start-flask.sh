#!/usr/bin/env bash
# Starts the `flask` stack in the foreground (exec: SIGTERM reaches the server itself).
# Needs services/python/build.sh first; configured only by env (README.md lists it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ -x "$here/.venv/bin/python" ] || { echo "services/python: run services/python/build.sh first" >&2; exit 1; }
export PYTHONPATH="$here:$here/generated${PYTHONPATH:+:$PYTHONPATH}"
exec "$here/.venv/bin/python" -m relix_flask "$@"
