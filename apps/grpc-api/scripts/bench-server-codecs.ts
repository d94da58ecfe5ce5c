/**
 * Which codec the gRPC server should serve with: encode + decode time per message on the largest
 * reply (meteorites.get: 1000 records) and a small one (item.get), for protobufjs as
 * @grpc/proto-loader builds it (what grpc-js uses by default), protobufjs's static code (pbjs),
 * ts-proto (what the grpc-js-static stack serves with) and protobuf-es. Each candidate is
 * generated afresh into a cache folder, so the figures are for the versions installed.
 * `pnpm --filter @relix/grpc-api bench:server-codecs`; what callers pay is `pnpm bench:codecs`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDataset } from "@relix/core/data/dataset";
import type { DescMessage } from "@bufbuild/protobuf";
import { loadRelixProtos } from "@relix/io";
import { generate, generatePbjs, PROTOBUF_ES_OPTIONS, TS_PROTO_OPTIONS } from "./codec-plugins";

const CACHE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../node_modules/.cache/relix-codec-bench");
const ROUNDS = 7;
const PASSES = 2;
/** Each round lasts about this long, so a small message gets many iterations and a large one enough. */
const ROUND_MS = 250;

interface Codec {
  encode(message: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
}

type Candidates = Record<string, Record<"meteorites" | "item", Codec>>;

/** What pbjs and ts-proto generate per message. */
interface GeneratedFns {
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
}

/** A module generated into the cache folder; its shape is known from the generator, not from types. */
const generated = <T>(file: string) => import(path.join(CACHE, file)) as Promise<T>;

async function loadCandidates(regenerate: boolean): Promise<Candidates> {
  if (regenerate) {
    generate([
      { plugin: "protoc-gen-ts_proto", out: path.join(CACHE, "ts-proto"), options: TS_PROTO_OPTIONS },
      { plugin: "protoc-gen-es", out: path.join(CACHE, "protobuf-es"), options: PROTOBUF_ES_OPTIONS },
    ]);
    generatePbjs(path.join(CACHE, "pbjs/relix.js"));
  }
  const pbjs = (await generated<{ relix: { v1: Record<string, GeneratedFns> } }>("pbjs/relix.js")).relix.v1;
  const tsProtoMeteorites = await generated<Record<string, GeneratedFns>>("ts-proto/relix/v1/meteorites.ts");
  const tsProtoCatalog = await generated<Record<string, GeneratedFns>>("ts-proto/relix/v1/catalog.ts");
  const esMeteorites = await generated<Record<string, DescMessage>>("protobuf-es/relix/v1/meteorites_pb.ts");
  const esCatalog = await generated<Record<string, DescMessage>>("protobuf-es/relix/v1/catalog_pb.ts");
  const { create, fromBinary, toBinary } = await import("@bufbuild/protobuf");

  const { grpcObject } = loadRelixProtos();
  const protobufjs = (method: { responseSerialize(m: unknown): Buffer; responseDeserialize(b: Buffer): unknown }) => ({
    encode: (m: unknown) => method.responseSerialize(m),
    decode: (b: Uint8Array) => method.responseDeserialize(b as Buffer),
  });
  const tsProto = (fns: GeneratedFns | undefined) => ({
    encode: (m: unknown) => fns!.encode(m).finish(),
    decode: (b: Uint8Array) => fns!.decode(b),
  });
  // protobuf-es serialises its own message objects: building one from the plain reply is part of encoding.
  // It takes an absent message field as undefined, not null.
  const protobufEs = (schema: DescMessage | undefined, prepare: (m: unknown) => unknown = (m) => m) => ({
    encode: (m: unknown) => toBinary(schema!, create(schema!, prepare(m) as never)),
    decode: (b: Uint8Array) => fromBinary(schema!, b),
  });
  const nullToUndefined = (list: unknown) => ({
    items: (list as { items: Record<string, unknown>[] }).items.map((m) =>
      m.geolocation === null ? { ...m, geolocation: undefined } : m,
    ),
  });
  const services = grpcObject.relix.v1 as unknown as Record<
    string,
    { service: Record<string, Parameters<typeof protobufjs>[0]> }
  >;
  return {
    "protobufjs (proto-loader)": {
      meteorites: protobufjs(services.MeteoriteService!.service.GetAll!),
      item: protobufjs(services.CatalogService!.service.GetItem!),
    },
    "protobufjs static (pbjs)": { meteorites: tsProto(pbjs.MeteoriteList), item: tsProto(pbjs.Item) },
    "ts-proto": { meteorites: tsProto(tsProtoMeteorites.MeteoriteList), item: tsProto(tsProtoCatalog.Item) },
    "protobuf-es": {
      meteorites: protobufEs(esMeteorites.MeteoriteListSchema, nullToUndefined),
      item: protobufEs(esCatalog.ItemSchema),
    },
  };
}

/** Median over rounds of µs per call of `fn`. */
function timePerCall(fn: () => void): number {
  for (let i = 0; i < 200; i++) fn(); // warm-up: the JIT settles before timing
  const perCall: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let calls = 0;
    const started = process.hrtime.bigint();
    const until = started + BigInt(ROUND_MS * 1e6);
    let now = started;
    while (now < until) {
      for (let i = 0; i < 10; i++) fn();
      calls += 10;
      now = process.hrtime.bigint();
    }
    perCall.push(Number(now - started) / 1000 / calls);
  }
  perCall.sort((a, b) => a - b);
  return perCall[Math.floor(perCall.length / 2)]!;
}

const dataset = getDataset();
const messages = {
  meteorites: { items: [...dataset.meteorites] },
  item: dataset.items[0],
};
type Row = { kind: string; codec: string; bytes: number; encodeUs: number; decodeUs: number };

/** Measures one codec on one message in this process and prints the row as JSON. */
async function measureOne(codecName: string, kind: keyof typeof messages) {
  const codec = (await loadCandidates(false))[codecName]![kind];
  const message = messages[kind];
  const bytes = codec.encode(message);
  let sink: unknown;
  const encodeUs = timePerCall(() => (sink = codec.encode(message)));
  const decodeUs = timePerCall(() => (sink = codec.decode(bytes)));
  if (sink === undefined) throw new Error("nothing was produced");
  const row: Row = { kind, codec: codecName, bytes: bytes.length, encodeUs, decodeUs };
  console.log(JSON.stringify(row));
}

// Each codec runs in a process of its own, so none inherits another's JIT state (protobufjs's and
// protobuf-es's readers are shared by two candidates each); two passes, the quieter one kept,
// because the machine may be busy with something else.
const [, , childCodec, childKind] = process.argv;
if (childCodec && childKind) {
  await measureOne(childCodec, childKind as keyof typeof messages);
} else {
  const names = Object.keys(await loadCandidates(true));
  const best = new Map<string, Row>();
  for (let pass = 0; pass < PASSES; pass++) {
    for (const kind of Object.keys(messages)) {
      for (const name of names) {
        const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name, kind], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
        });
        if (child.status !== 0) throw new Error(`measuring ${name} on ${kind} failed`);
        const row = JSON.parse(child.stdout.trim().split("\n").pop()!) as Row;
        const key = `${kind}/${name}`;
        const previous = best.get(key);
        if (!previous || row.encodeUs + row.decodeUs < previous.encodeUs + previous.decodeUs) best.set(key, row);
      }
    }
  }
  const rows = [...best.values()].map((r) => [
    r.kind,
    r.codec,
    String(r.bytes),
    r.encodeUs.toFixed(2),
    r.decodeUs.toFixed(2),
    (r.encodeUs + r.decodeUs).toFixed(2),
  ]);
  const header = ["message", "codec", "bytes", "encode µs", "decode µs", "encode+decode µs"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`Node ${process.version}; median of ${ROUNDS} rounds of ${ROUND_MS} ms, the better of ${PASSES} passes`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
