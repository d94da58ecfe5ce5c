import { describe, expect, it } from "vitest";
import { defaultWorkloadParams, getWorkload } from "@relix/core";
import { protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import { grpcCallRequestFor, grpcFrame, grpcTimeoutHeader } from "./grpc-call-requests";

/** A body of gRPC frames -> the messages in them (what a gRPC server reads). */
function unframe(body: Buffer): Buffer[] {
  const messages: Buffer[] = [];
  for (let offset = 0; offset < body.length;) {
    expect(body[offset]).toBe(0);
    const size = body.readUInt32BE(offset + 1);
    messages.push(body.subarray(offset + 5, offset + 5 + size));
    offset += 5 + size;
  }
  return messages;
}

describe("gRPC calls as plain HTTP/2 requests", () => {
  it("frames a message: flag 0 (uncompressed), 4-byte big-endian size, the message", () => {
    expect([...grpcFrame(Buffer.from([7, 8, 9]))]).toEqual([0, 0, 0, 0, 3, 7, 8, 9]);
    expect([...grpcFrame(Buffer.alloc(0))]).toEqual([0, 0, 0, 0, 0]);
    expect(grpcFrame(Buffer.alloc(70_000)).readUInt32BE(1)).toBe(70_000);
  });

  it("a unary call: the method's path, gRPC's headers, the relix metadata, one framed request message", () => {
    const workload = getWorkload("item.get");
    const call = grpcCallRequestFor(workload, { id: 42 }, "cold", 3);
    expect(call).toMatchObject({
      method: "POST",
      path: "/relix.v1.CatalogService/GetItem",
      headers: { "content-type": "application/grpc", te: "trailers", "x-relix-cache": "cold", "x-relix-delay-ms": "3" },
    });
    const [message, ...more] = unframe(call.body as Buffer);
    expect(more).toEqual([]);
    expect(protobufCodecOf(workload).requestDeserialize(message!)).toMatchObject({ id: 42 });
  });

  it("carries the run's deadline as ghz does, in gRPC's form (at most 8 digits and a unit)", () => {
    const workload = getWorkload("item.get");
    expect(grpcCallRequestFor(workload, { id: 1 }, "warm", 0).headers).not.toHaveProperty("grpc-timeout");
    expect(grpcCallRequestFor(workload, { id: 1 }, "warm", 0, 10_000).headers).toMatchObject({
      "grpc-timeout": "10000m",
    });
    expect(grpcTimeoutHeader(0.4)).toBe("1m");
    expect(grpcTimeoutHeader(1e12)).toBe("99999999m");
  });

  it("a client stream: its messages as consecutive frames of the one body", () => {
    const workload = getWorkload("upload.stream");
    const [request] = workload.requests({ ...defaultWorkloadParams, payloadBytes: 200_000 });
    const messages = unframe(grpcCallRequestFor(workload, request, "warm", 0).body as Buffer);
    const expected = workload.grpc.clientStream!.messages(request);
    expect(expected.length).toBeGreaterThan(1);
    const codec = protobufCodecOf(workload);
    expect(messages.map((m) => (codec.requestDeserialize(m) as { chunk: Buffer }).chunk.length)).toEqual(
      expected.map((m) => (m.chunk as Buffer).length),
    );
  });
});
