import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { GENERATED_DIR, generate, TS_PROTO_OPTIONS } from "./codec-plugins";

// The folder is replaced whole, so a message removed from the .proto files leaves nothing behind.
rmSync(GENERATED_DIR, { recursive: true, force: true });
generate([{ plugin: "protoc-gen-ts_proto", out: GENERATED_DIR, options: TS_PROTO_OPTIONS }]);
// Formatted like the rest of the repo, so `pnpm format` passes on a fresh generation.
const prettier = spawnSync("prettier", ["--write", "--log-level", "warn", GENERATED_DIR], {
  stdio: "inherit",
  shell: false,
});
if (prettier.status !== 0) throw new Error("prettier failed on the generated codec");
console.log(`static codec generated in ${GENERATED_DIR}`);
