import { createHash } from "node:crypto";
import * as grpcJs from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultWorkloadParams,
  getWorkload,
  MAX_MESSAGE_BYTES,
  MAX_PAYLOAD_BYTES,
  MAX_UPLOAD_MESSAGES,
} from "@relix/core";
import { createGrpcClients, loadRelixProtos, type GrpcClients } from "@relix/io";
import { PROTOBUF_CONTENT_TYPE, delimited, protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import { addressOf, callStack, stackRequest } from "./http-stack-client";
import { databaseUrl, startStack, type Stack } from "./stack";

/** A refusal over a limit is decided on the first messages past it, not after decoding millions. */
const REFUSED_WITHIN_MS = 5_000;
/**
 * A gRPC client stream of 100,000 messages: most of its time is the client writing them, which two
 * loaded cores stretched to 5.3-8.7 s. The refusal's code and wording are what this checks; the
 * bound only rules out a server that decodes without end.
 */
const STREAM_REFUSED_WITHIN_MS = 20_000;

const uploadStream = getWorkload("upload.stream");
const chunkCodec = protobufCodecOf(uploadStream);

let stack: Stack;
let grpc: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_upload_limits") });
  grpc = createGrpcClients(stack.grpcTarget);
});
afterAll(async () => {
  grpc?.close();
  await stack?.close();
});

/** node-protobuf's upload.stream body: the chunks as length-delimited UploadChunk messages. */
const delimitedUpload = (chunks: Buffer[]) =>
  Buffer.concat(chunks.map((chunk) => delimited(chunkCodec.requestSerialize({ chunk }))));

const uploadOverHttp = (body: Buffer) =>
  stackRequest(stack, "node-protobuf", {
    method: "POST",
    path: uploadStream.rest.route,
    headers: { "content-type": PROTOBUF_CONTENT_TYPE },
    body,
  });

interface UploadStreamClient extends grpcJs.Client {
  UploadStream(
    options: grpcJs.CallOptions,
    callback: (error: grpcJs.ServiceError | null, reply: { size: number; sha256: string }) => void,
  ): grpcJs.ClientWritableStream<{ chunk: Buffer }>;
}

/** BenchService/UploadStream with the chunks given, written as fast as the stream takes them. */
async function uploadOverGrpc(target: string, chunks: Buffer[]) {
  const BenchService = loadRelixProtos().grpcObject.relix.v1.BenchService as unknown as new (
    target: string,
    credentials: grpcJs.ChannelCredentials,
  ) => UploadStreamClient;
  const client = new BenchService(target, grpcJs.credentials.createInsecure());
  try {
    return await new Promise<{ error: grpcJs.ServiceError | null; size?: number }>((resolve) => {
      const call = client.UploadStream({ deadline: Date.now() + 30_000 }, (error, reply) =>
        resolve({ error, size: reply?.size }),
      );
      for (const chunk of chunks) call.write({ chunk });
      call.end();
    });
  } finally {
    client.close();
  }
}

const elapsedSince = (started: number) => performance.now() - started;

describe(`an upload sent as a stream may carry at most ${MAX_UPLOAD_MESSAGES} messages`, () => {
  it("node-protobuf: 16 MiB of zero bytes (millions of empty messages) is refused at once with 413 naming the limit", async () => {
    const started = performance.now();
    const response = await uploadOverHttp(Buffer.alloc(MAX_MESSAGE_BYTES));
    expect(elapsedSince(started)).toBeLessThan(REFUSED_WITHIN_MS);
    expect(response.status).toBe(413);
    const { error } = JSON.parse(response.body.toString("utf8")) as { error: { message: string; field?: string } };
    expect(error.field).toBe("body");
    expect(error.message).toContain(String(MAX_UPLOAD_MESSAGES));
  });

  for (const [name, target] of [
    ["grpc-js", () => stack.grpcTarget],
    ["grpc-js-static", () => addressOf(stack, "grpc-js-static")],
  ] as const) {
    it(`${name}: a client stream of 100,000 empty chunks is RESOURCE_EXHAUSTED naming the limit`, async () => {
      const started = performance.now();
      const { error } = await uploadOverGrpc(
        target(),
        Array.from({ length: 100_000 }, () => Buffer.alloc(0)),
      );
      expect(elapsedSince(started)).toBeLessThan(STREAM_REFUSED_WITHIN_MS);
      expect(error && grpcJs.status[error.code]).toBe("RESOURCE_EXHAUSTED");
      expect(error?.details).toContain(String(MAX_UPLOAD_MESSAGES));
    });
  }

  it("exactly the limit is served on both APIs, one message more is refused", async () => {
    const oneByteChunks = (count: number) => Array.from({ length: count }, () => Buffer.from("x"));

    const atLimit = await uploadOverHttp(delimitedUpload(oneByteChunks(MAX_UPLOAD_MESSAGES)));
    expect(atLimit.status).toBe(200);
    expect(Number((chunkCodec.responseDeserialize(atLimit.body) as { size: number }).size)).toBe(MAX_UPLOAD_MESSAGES);
    expect((await uploadOverHttp(delimitedUpload(oneByteChunks(MAX_UPLOAD_MESSAGES + 1)))).status).toBe(413);

    const grpcAtLimit = await uploadOverGrpc(stack.grpcTarget, oneByteChunks(MAX_UPLOAD_MESSAGES));
    expect(grpcAtLimit.error).toBeNull();
    expect(Number(grpcAtLimit.size)).toBe(MAX_UPLOAD_MESSAGES);
    const grpcOver = await uploadOverGrpc(stack.grpcTarget, oneByteChunks(MAX_UPLOAD_MESSAGES + 1));
    expect(grpcOver.error && grpcJs.status[grpcOver.error.code]).toBe("RESOURCE_EXHAUSTED");
  });

  it("the runner's uploads (the default 1 MiB and the largest payload it may ask for) are served as before", async () => {
    for (const payloadBytes of [defaultWorkloadParams.payloadBytes, MAX_PAYLOAD_BYTES]) {
      const [request] = uploadStream.requests({ ...defaultWorkloadParams, payloadBytes }) as [{ payload: Buffer }];
      const sha256 = createHash("sha256").update(request.payload).digest("hex");
      for (const id of ["express", "node", "node-protobuf", "h2c"] as const) {
        const reply = await callStack(stack, id, uploadStream, request);
        expect(reply.status, `${id}, ${payloadBytes} bytes`).toBe(200);
        expect(reply.data, `${id}, ${payloadBytes} bytes`).toMatchObject({ sha256 });
        expect(Number((reply.data as { size: number }).size)).toBe(payloadBytes);
      }
      const viaGrpc = await grpc.call(uploadStream, request);
      expect(viaGrpc.data, `gRPC, ${payloadBytes} bytes`).toMatchObject({ size: payloadBytes, sha256 });
    }
  });
});
