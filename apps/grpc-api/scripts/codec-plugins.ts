import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PROTO_ROOT = path.resolve(PACKAGE_ROOT, "../../proto");
/**
 * Where the static codec the gRPC API serves with is generated: beside the server that imports it
 * (packages/servers), one folder, regenerated whole.
 */
export const GENERATED_DIR = path.resolve(PACKAGE_ROOT, "../../packages/servers/src/grpc/generated");

/**
 * ts-proto's options, chosen so its messages look like proto-loader's (loader-options.ts): the
 * workloads' zod schemas then parse either without an adapter.
 * - forceLong=number: int64 as JS numbers, like `longs: Number`;
 * - useNullAsOptional: an absent message field decodes to null, like `defaults: true`;
 * - env=node: bytes decode to Buffer;
 * - only encode/decode: JSON, partials and service stubs are not used by the server.
 */
export const TS_PROTO_OPTIONS = [
  "forceLong=number",
  "useNullAsOptional=true",
  "env=node",
  "outputServices=false",
  "outputJsonMethods=false",
  "outputPartialMethods=false",
  "outputTypeRegistry=false",
];

/** protobuf-es (v2), a candidate the codec benchmark compares. */
export const PROTOBUF_ES_OPTIONS = ["target=ts", "import_extension=none"];

export interface PluginRun {
  plugin: "protoc-gen-ts_proto" | "protoc-gen-es";
  out: string;
  options: string[];
}

/** Runs buf (from npm: no protoc needed) over proto/relix/v1 with local plugins; throws on failure. */
export function generate(runs: PluginRun[]) {
  const template = {
    version: "v2",
    plugins: runs.map((run) => ({ local: run.plugin, out: run.out, opt: run.options })),
  };
  const result = spawnSync("buf", ["generate", PROTO_ROOT, "--template", JSON.stringify(template)], {
    cwd: PACKAGE_ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: `${path.join(PACKAGE_ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
    },
  });
  if (result.status !== 0) throw new Error(`buf generate failed (exit ${result.status ?? result.signal})`);
}

/**
 * protobufjs's own static generator (pbjs -t static-module): encode/decode written out per message,
 * over protobufjs/minimal, with no fromObject/toObject copy on either side.
 * - --force-number: int64 as JS numbers, like proto-loader's `longs: Number`;
 * - absent message fields read as null and bytes as Buffer, as proto-loader's `defaults: true` gives;
 * - its own root name, so it never shares protobufjs's default root with another module.
 */
export function generatePbjs(outFile: string) {
  const protoFiles = readdirSync(path.join(PROTO_ROOT, "relix/v1"))
    .filter((name) => name.endsWith(".proto"))
    .sort()
    .map((name) => path.join(PROTO_ROOT, "relix/v1", name));
  const bin = (name: string) => path.join(PACKAGE_ROOT, "node_modules/.bin", name);
  mkdirSync(path.dirname(outFile), { recursive: true });
  const common = ["--force-number", "--no-create", "--no-verify", "--no-convert", "--no-delimited", "--no-typeurl"];
  run(bin("pbjs"), [
    "-t",
    "static-module",
    "-w",
    "es6",
    "-r",
    "relix_static",
    ...common,
    "--no-service",
    "-p",
    PROTO_ROOT,
    "-o",
    outFile,
    ...protoFiles,
  ]);
  // Node's ESM loader sees none of protobufjs/minimal's named exports (a CommonJS module that
  // fills them at run time): its default export is the whole module.
  const source = readFileSync(outFile, "utf8").replace(
    'import * as $protobuf from "protobufjs/minimal";',
    'import $protobuf from "protobufjs/minimal.js";',
  );
  writeFileSync(outFile, source);
  run(bin("pbts"), ["--no-comments", "-o", outFile.replace(/\.js$/, ".d.ts"), outFile]);
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: PACKAGE_ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed (exit ${result.status ?? result.signal})`);
}
