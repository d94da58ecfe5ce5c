#!/usr/bin/env bash
# Builds the Python stacks (fastapi, flask, grpcio): one virtual environment in .venv with the
# pinned requirements, and the gRPC stubs generated from proto/relix/v1 into generated/ (the floor's
# bare servers, relix_floor_reference/, run from the same venv and stubs: nothing more to build).
# Idempotent: an existing .venv is kept, packages are installed only when requirements.txt
# changed, stubs are regenerated only when a .proto changed. Python 3.11 or newer is needed, with
# its venv module (on Debian 12: apt-get install python3 python3-venv).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
venv="$here/.venv"
generated="$here/generated"

fail() { echo "services/python/build.sh: $*" >&2; exit 1; }

command -v "$python" >/dev/null 2>&1 || fail "$python not found: install Python 3.11 or newer (Debian 12: apt-get install python3 python3-venv)"
"$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' ||
  fail "$("$python" --version 2>&1) is too old: the Python stacks need 3.11 or newer"
"$python" -c 'import venv, ensurepip' 2>/dev/null ||
  fail "$python has no working venv module (Debian 12: apt-get install python3-venv)"

if [ ! -x "$venv/bin/python" ]; then
  echo "services/python: creating $venv"
  "$python" -m venv "$venv" || fail "could not create $venv (Debian 12: apt-get install python3-venv)"
fi

stamp="$venv/.requirements.sha256"
wanted="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  echo "services/python: installing requirements.txt"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$here/requirements.txt" ||
    fail "pip could not install requirements.txt"
  echo "$wanted" > "$stamp"
fi

# Stubs: relix/v1/*_pb2.py and *_pb2_grpc.py, importable as relix.v1.* from generated/.
protos=("$repo"/proto/relix/v1/*.proto)
proto_stamp="$generated/.protos.sha256"
proto_sum="$(cat "${protos[@]}" | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$proto_stamp" 2>/dev/null)" != "$proto_sum" ]; then
  echo "services/python: generating gRPC stubs from proto/relix/v1"
  rm -rf "$generated"
  mkdir -p "$generated"
  "$venv/bin/python" -m grpc_tools.protoc -I "$repo/proto" --python_out="$generated" --grpc_python_out="$generated" \
    "${protos[@]}" || fail "grpc_tools.protoc failed"
  touch "$generated/relix/__init__.py" "$generated/relix/v1/__init__.py"
  echo "$proto_sum" > "$proto_stamp"
fi
echo "services/python: built ($("$venv/bin/python" --version), stubs in $generated)"
