import { writeFileSync } from "node:fs";
import path from "node:path";
import { defaultCallContext, defaultWorkloadParams, restRequestOf, workloads, type Workload } from "@relix/core";
import { createServices, createRepository, loadRelixProtos } from "@relix/io";
import { protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import { createEmbeddedCacheStore } from "@relix/io/repository/embedded-cache-store";
import { createEmbeddedStore } from "@relix/io/repository/embedded-store";

/**
 * Below this many body bytes in every direction and encoding, a workload costs its caller next
 * to nothing to encode or decode (noop, math.add, meteorites.version): not worth the run's time.
 */
const MIN_BODY_BYTES = 64;

/** One workload's payload files, as manifest.json lists them for the Go and Python workers. */
export interface ManifestEntry {
  id: string;
  /** Full protobuf names, which the workers look their generated classes up by. */
  requestMessage: string;
  replyMessage: string;
  /** File names in the payload folder; null when that encoding has no request body. */
  request: { json: string | null; protobuf: string | null };
  reply: { json: string; protobuf: string };
}

export interface WorkloadPayload {
  entry: ManifestEntry;
  requestBytes: { json: number | null; protobuf: number | null };
  replyBytes: { json: number; protobuf: number };
}

/** A workload's one call as the servers' callers make it and the servers answer it. */
interface Call {
  requestJson: string | null;
  requestProtobuf: Buffer | null;
  replyJson: string;
  replyProtobuf: Buffer;
}

const messageName = (workload: Workload, side: "requestType" | "responseType") => {
  const service = loadRelixProtos().definition[`relix.v1.${workload.grpc.service}`] as unknown as Record<
    string,
    Record<typeof side, { type: { name: string } }>
  >;
  return `relix.v1.${service[workload.grpc.method]![side].type.name}`;
};

/**
 * The first request of the workload's sequence and its reply, from the same service functions the
 * servers call over the seeded dataset (the embedded store holds what MySQL is seeded with). The
 * REST bytes are what the Node REST API reads and writes (JSON.stringify of the request and of the
 * reply); the gRPC bytes are the method's messages as grpc-js serialises them.
 */
async function callOf(workload: Workload, services: ReturnType<typeof createServices>): Promise<Call> {
  const request = workload.requests(defaultWorkloadParams)[0];
  const reply = await workload.handle(services, request, defaultCallContext);
  const codec = protobufCodecOf(workload);
  const rest = restRequestOf(workload, request);
  const requestProtobuf = codec.requestSerialize(workload.grpc.build(request));
  return {
    // A raw REST body (an upload, a JPEG) is sent as it is: nothing for a caller to encode as JSON.
    requestJson: workload.rest.body === "json" ? (rest.body as string) : null,
    // An empty message is no body either: a list request with no fields is 0 bytes on the wire.
    requestProtobuf: requestProtobuf.length > 0 ? requestProtobuf : null,
    replyJson: JSON.stringify(reply),
    replyProtobuf: codec.responseSerialize(reply),
  };
}

/**
 * Every unary workload whose request or reply is more than a few bytes (or the ones named), its
 * bytes written to `dir` with a manifest.json, so the Go and Python workers decode exactly the
 * bytes the Node ones do. Streams are left out: each of their messages is a record of a list
 * workload measured here (item.list, meteorites.get, shape.*.list).
 */
export async function writePayloads(dir: string, only?: readonly string[]): Promise<WorkloadPayload[]> {
  const services = createServices(
    createRepository({ store: createEmbeddedStore(), cache: createEmbeddedCacheStore(), ttlSeconds: 600 }),
  );
  const candidates = workloads.filter((w) => (only ? only.includes(w.id) : !w.streaming && !w.grpc.clientStream));
  const unknown = (only ?? []).filter((id) => !workloads.some((w) => w.id === id));
  if (unknown.length > 0) throw new Error(`unknown workload(s): ${unknown.join(", ")}`);

  const payloads: WorkloadPayload[] = [];
  for (const workload of candidates) {
    if (workload.streaming || workload.grpc.clientStream) {
      throw new Error(`${workload.id} is a stream: a caller's cost is its messages', measured on the list workloads`);
    }
    const call = await callOf(workload, services);
    const requestJsonBytes = call.requestJson === null ? null : Buffer.byteLength(call.requestJson);
    const replyJsonBytes = Buffer.byteLength(call.replyJson);
    const largest = Math.max(
      requestJsonBytes ?? 0,
      call.requestProtobuf?.length ?? 0,
      replyJsonBytes,
      call.replyProtobuf.length,
    );
    if (!only && largest <= MIN_BODY_BYTES) continue;

    const file = (suffix: string, body: string | Buffer | null) => {
      if (body === null) return null;
      const name = `${workload.id}.${suffix}`;
      writeFileSync(path.join(dir, name), body);
      return name;
    };
    const entry: ManifestEntry = {
      id: workload.id,
      requestMessage: messageName(workload, "requestType"),
      replyMessage: messageName(workload, "responseType"),
      request: { json: file("request.json", call.requestJson), protobuf: file("request.pb", call.requestProtobuf) },
      reply: { json: file("reply.json", call.replyJson)!, protobuf: file("reply.pb", call.replyProtobuf)! },
    };
    payloads.push({
      entry,
      requestBytes: {
        json: requestJsonBytes,
        protobuf: call.requestProtobuf?.length ?? null,
      },
      replyBytes: { json: replyJsonBytes, protobuf: call.replyProtobuf.length },
    });
  }
  writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ workloads: payloads.map((p) => p.entry) }));
  return payloads;
}
