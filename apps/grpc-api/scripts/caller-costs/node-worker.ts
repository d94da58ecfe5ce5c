/**
 * One Node codec's caller costs, in a process of its own: `node-worker.ts CODEC PAYLOAD_DIR`.
 * Speaks the same line protocol as the Go and Python workers (worker-process.ts): a hello with the
 * encoded request sizes, then one timing round per task line on stdin.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { getWorkload, type Workload } from "@relix/core";
import { loadRelixProtos } from "@relix/io";
import { protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import { withStaticCodec } from "@relix/servers/grpc/static-codec";
import { nodeCodecs, type NodeCodecId } from "./node-codecs";
import type { ManifestEntry } from "./payloads";
import { PBJS_MODULE } from "./paths";
import type { Hello, RoundTask } from "./worker-process";

interface MessageCodec {
  serialize(value: unknown): Uint8Array;
  deserialize(bytes: Buffer): unknown;
}
type Messages = { request: MessageCodec; reply: MessageCodec };

/** What pbjs generates per message. */
interface PbjsMessage {
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
}

const pbjsMessages = async () =>
  ((await import(PBJS_MODULE)) as { relix: { v1: Record<string, PbjsMessage> } }).relix.v1;

/** The workload's request and reply (de)serialisers in each protobuf codec. */
const protobufMessages: Record<Exclude<NodeCodecId, "json">, (w: Workload, e: ManifestEntry) => Promise<Messages>> = {
  protobufjs: async (workload) => {
    const codec = protobufCodecOf(workload);
    return {
      request: { serialize: (v) => codec.requestSerialize(v), deserialize: (b) => codec.requestDeserialize(b) },
      reply: { serialize: (v) => codec.responseSerialize(v), deserialize: (b) => codec.responseDeserialize(b) },
    };
  },
  "ts-proto": async (workload) => {
    const service = loadRelixProtos().grpcObject.relix.v1[workload.grpc.service].service;
    const method = withStaticCodec(service)[workload.grpc.method]!;
    return {
      request: {
        serialize: (v) => method.requestSerialize(v),
        deserialize: (b) => method.requestDeserialize(b) as unknown,
      },
      reply: {
        serialize: (v) => method.responseSerialize(v),
        deserialize: (b) => method.responseDeserialize(b) as unknown,
      },
    };
  },
  pbjs: async (_workload, entry) => {
    const messages = await pbjsMessages();
    const of = (name: string): MessageCodec => {
      const message = messages[name.replace(/^relix\.v1\./, "")];
      if (!message) throw new Error(`pbjs has no ${name}`);
      return { serialize: (v) => message.encode(v).finish(), deserialize: (b) => message.decode(b) };
    };
    return { request: of(entry.requestMessage), reply: of(entry.replyMessage) };
  },
};

interface TimedCodec {
  encode: (() => unknown) | null;
  decode: () => unknown;
  encodedRequestBytes: number | null;
}

/**
 * The caller's two costs: its request object -> the bytes it sends, and the bytes it receives ->
 * a new reply object. The request object is what this codec itself decodes from the request
 * bytes, so each codec encodes the object shape it would be handed.
 */
async function timedCodec(codecId: NodeCodecId, entry: ManifestEntry, folder: string): Promise<TimedCodec> {
  const read = (name: string | null) => (name === null ? null : readFileSync(path.join(folder, name)));
  const reply = read(entry.reply[codecId === "json" ? "json" : "protobuf"])!;
  if (codecId === "json") {
    const requestBytes = read(entry.request.json);
    const request = requestBytes && (JSON.parse(requestBytes.toString("utf8")) as unknown);
    const encode = requestBytes && (() => Buffer.from(JSON.stringify(request)));
    return {
      encode,
      decode: () => JSON.parse(reply.toString("utf8")) as unknown,
      encodedRequestBytes: encode ? encode().length : null,
    };
  }
  const messages = await protobufMessages[codecId](getWorkload(entry.id), entry);
  const requestBytes = read(entry.request.protobuf);
  const request = requestBytes && messages.request.deserialize(requestBytes);
  const encode = requestBytes && (() => messages.request.serialize(request));
  return {
    encode,
    decode: () => messages.reply.deserialize(reply),
    encodedRequestBytes: encode ? encode().length : null,
  };
}

let sink: unknown;

/**
 * Calls fn until at least minNs of wall time have passed; returns the calls, the wall time and the
 * process's CPU time (user + system, the garbage collector's threads included). CPU time is the
 * figure: on a shared machine, wall time also counts waiting for a core. Batches double while the
 * round is young (as round.go does).
 */
function timeRound(fn: () => unknown, minNs: number) {
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let calls = 0;
  let batch = 1;
  for (;;) {
    for (let i = 0; i < batch; i++) sink = fn();
    calls += batch;
    const elapsed = Number(process.hrtime.bigint() - start);
    if (elapsed >= minNs) {
      const cpu = process.cpuUsage(cpuStart);
      return { calls, ns: elapsed, cpuNs: (cpu.user + cpu.system) * 1000 };
    }
    if (elapsed * 8 < minNs) batch *= 2;
  }
}

const [codecId, folder] = process.argv.slice(2) as [NodeCodecId, string];
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
try {
  if (!(codecId in nodeCodecs) || !folder) throw new Error("usage: node-worker.ts CODEC PAYLOAD_DIR");
  const manifest = JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8")) as {
    workloads: ManifestEntry[];
  };
  const codecs = new Map<string, TimedCodec>();
  for (const entry of manifest.workloads) codecs.set(entry.id, await timedCodec(codecId, entry, folder));
  const hello: Hello = {
    runtime: "node",
    version: process.version,
    codecs: [{ id: codecId, ...nodeCodecs[codecId]() }],
    workloads: Object.fromEntries(
      [...codecs].map(([id, c]) => [id, { [codecId]: { encodedRequestBytes: c.encodedRequestBytes } }]),
    ),
  };
  say(hello);
  for await (const line of createInterface({ input: process.stdin })) {
    const task = JSON.parse(line) as RoundTask;
    const codec = codecs.get(task.workload);
    const fn = task.op === "encode" ? codec?.encode : codec?.decode;
    if (!fn) throw new Error(`${task.workload}, ${codecId}: nothing to ${task.op}`);
    say(timeRound(fn, task.minNs));
  }
  if (sink === Symbol.for("never")) say({}); // keeps the results observable, so no call is optimised away
} catch (error) {
  say({ error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}
