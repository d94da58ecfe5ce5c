import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PROTO_FILE_OF_SERVICE, type GrpcServiceName } from "@relix/core/catalog/grpc-services";

export { PROTO_FILE_OF_SERVICE, type GrpcServiceName };

/**
 * The folder that holds relix/v1/*.proto: the include root for loaders, ghz and reflection.
 * Found by walking up from this module, so it holds from the sources and from a bundled build
 * alike; RELIX_PROTO_ROOT overrides it for unusual layouts.
 */
function findProtoRoot(): string {
  const override = process.env.RELIX_PROTO_ROOT;
  if (override) return path.resolve(override);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "proto");
    if (existsSync(path.join(candidate, "relix", "v1", "common.proto"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("cannot find proto/relix/v1 above this module; set RELIX_PROTO_ROOT");
    dir = parent;
  }
}

export const PROTO_ROOT = findProtoRoot();

export const protoFileFor = (name: string) => path.join(PROTO_ROOT, "relix", "v1", `${name}.proto`);

/** Which file declares each relix.v1 service (ghz is given that file and the include root). */

export const PROTO_FILES = [...new Set(Object.values(PROTO_FILE_OF_SERVICE))].map(protoFileFor);
