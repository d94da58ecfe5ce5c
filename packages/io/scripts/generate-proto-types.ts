/**
 * Generates TypeScript types for every relix.v1 proto into src/generated/ with
 * proto-loader-gen-types, using the same options as the runtime loader. Never edit the output.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { protoLoaderGenFlags } from "../src/proto/loader-options";
import { PROTO_FILES, PROTO_ROOT } from "../src/proto/paths";

const outDir = fileURLToPath(new URL("../src/generated", import.meta.url));
const require = createRequire(import.meta.url);
const generator = path.join(
  path.dirname(require.resolve("@grpc/proto-loader/package.json")),
  "build/bin/proto-loader-gen-types.js",
);

rmSync(outDir, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    generator,
    // Files first: --includeDirs takes an array and would swallow them.
    ...PROTO_FILES.map((f) => path.relative(PROTO_ROOT, f)),
    ...protoLoaderGenFlags,
    "--grpcLib=@grpc/grpc-js",
    `--outDir=${outDir}`,
    `--includeDirs=${PROTO_ROOT}`,
  ],
  { stdio: "inherit", cwd: PROTO_ROOT },
);
console.log(`generated types for ${PROTO_FILES.length} protos in ${path.relative(process.cwd(), outDir)}`);
