import { fileURLToPath } from "node:url";
import path from "node:path";

/** The folder that holds relix/v1/*.proto: the include root for loaders, ghz and reflection. */
export const PROTO_ROOT = fileURLToPath(new URL("../../../../proto", import.meta.url));

export const PROTO_FILES = ["catalog", "shapes", "meteorites", "bench", "compute"].map((name) =>
  path.join(PROTO_ROOT, "relix", "v1", `${name}.proto`),
);

export const protoFileFor = (name: string) => path.join(PROTO_ROOT, "relix", "v1", `${name}.proto`);
