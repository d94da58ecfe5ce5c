import { existsSync } from "node:fs";
import path from "node:path";
import type { Prepared } from "./go-runtime";
import { PYTHON_SERVICES_DIR, PYTHON_WORKER } from "./paths";

/**
 * The Python worker runs in the Python stacks' environment (services/python/build.sh: grpcio and
 * protobuf pinned there, the relix.v1 stubs generated beside it), so a Python caller's figures are
 * for the same protobuf the grpcio stack serves with.
 */
export function preparePython(payloadDir: string): Prepared {
  const python = path.join(PYTHON_SERVICES_DIR, ".venv/bin/python");
  const generated = path.join(PYTHON_SERVICES_DIR, "generated");
  if (!existsSync(python) || !existsSync(path.join(generated, "relix/v1/catalog_pb2.py"))) {
    return {
      skipped:
        "no Python environment with the relix.v1 stubs: run bash services/python/build.sh (or pnpm build:runtimes)",
    };
  }
  // -B: no __pycache__ written beside the worker or the stubs.
  return {
    command: python,
    args: ["-B", PYTHON_WORKER, payloadDir, generated],
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
  };
}
