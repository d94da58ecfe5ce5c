import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { getWorkload, defaultWorkloadParams, ghzCallName, UPLOAD_CHUNK_BYTES } from "@relix/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAutocannon, runGhz } from "../tools";
import { BENCH_PROTO, PROTO_ROOT } from "../tools/testing/test-servers";
import { ghzBinForTests } from "../tools/testing/tool-defaults";
import { grpcDataFor, restRequestsFor } from "./plan/protocol-requests";

// What the load generators put on the wire for upload.stream: the same payload, cut into the same
// chunks, as HTTP/1.1 chunked coding on one side and client-stream messages on the other.
const workload = getWorkload("upload.stream");
const payloadBytes = 200 * 1024;
const requests = workload.requests({ ...defaultWorkloadParams, payloadBytes });
const chunksPerCall = Math.ceil(payloadBytes / UPLOAD_CHUNK_BYTES);

interface SeenRequest {
  transferEncoding: string | undefined;
  contentLength: string | undefined;
  bytes: number;
}

let http: Server;
let httpUrl = "";
const seenHttp: SeenRequest[] = [];

let grpcServer: grpc.Server;
let grpcTarget = "";
const messagesPerCall: number[] = [];
const bytesPerCall: number[] = [];

beforeAll(async () => {
  http = createServer((req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => {
      seenHttp.push({
        transferEncoding: req.headers["transfer-encoding"],
        contentLength: req.headers["content-length"],
        bytes,
      });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ size: bytes, sha256: "" }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const definition = protoLoader.loadSync("relix/v1/bench.proto", { includeDirs: [PROTO_ROOT], defaults: true });
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    relix: { v1: { BenchService: grpc.ServiceClientConstructor } };
  };
  grpcServer = new grpc.Server();
  grpcServer.addService(pkg.relix.v1.BenchService.service, {
    UploadStream(call: grpc.ServerReadableStream<{ chunk: Buffer }, object>, callback: grpc.sendUnaryData<object>) {
      let messages = 0;
      let bytes = 0;
      call.on("data", (m: { chunk: Buffer }) => {
        messages++;
        bytes += m.chunk.length;
      });
      call.on("end", () => {
        messagesPerCall.push(messages);
        bytesPerCall.push(bytes);
        callback(null, { size: bytes, sha256: "" });
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
  grpcTarget = `127.0.0.1:${port}`;
});

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
  grpcServer?.forceShutdown();
});

describe("upload.stream as the load generators send it", { timeout: 60_000 }, () => {
  it("REST: every call is a chunked body (Transfer-Encoding: chunked, no Content-Length) of the whole payload", async () => {
    const r = await runAutocannon({
      url: httpUrl,
      requests: restRequestsFor(workload, requests, "warm", 0),
      connections: 2,
      amount: 20,
      durationMs: 30_000,
    });
    expect(r.samples.filter((s) => s.ok)).toHaveLength(20);
    expect(seenHttp).toHaveLength(20);
    for (const seen of seenHttp) {
      expect(seen).toEqual({ transferEncoding: "chunked", contentLength: undefined, bytes: payloadBytes });
    }
  });

  it("gRPC: ghz sends every call as a client stream of the same chunks", async () => {
    const r = await runGhz({
      target: grpcTarget,
      protoFile: BENCH_PROTO,
      importPaths: [PROTO_ROOT],
      ghzBin: await ghzBinForTests(),
      call: ghzCallName(workload),
      data: grpcDataFor(workload, requests),
      concurrency: 2,
      total: 20,
    });
    expect(r.samples.filter((s) => s.ok)).toHaveLength(20);
    expect(messagesPerCall).toEqual(Array(20).fill(chunksPerCall));
    expect(bytesPerCall).toEqual(Array(20).fill(payloadBytes));
  });
});
