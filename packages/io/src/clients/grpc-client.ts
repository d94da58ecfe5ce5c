import * as grpc from "@grpc/grpc-js";
import type { GrpcServiceName, Workload } from "@relix/core/catalog/workload";
import { MAX_MESSAGE_BYTES } from "@relix/core/catalog/limits";
import { loadRelixProtos } from "../proto/load";
import { CACHE_MODE_HEADER, DELAY_HEADER } from "@relix/core/calls/cache-mode";
import type { CallContext } from "@relix/core/calls/call-context";
import { CALL_TIMEOUT_MS } from "./rest-client";

export interface GrpcCallResult {
  /** The decoded answer: one message, or the array of streamed messages. */
  data: unknown;
  requestBodyBytes: number;
  responseBodyBytes: number;
}

/** gRPC clients for every relix.v1 service on one channel, for preflight and conformance tests. */
export function createGrpcClients(target: string) {
  const { grpcObject } = loadRelixProtos();
  // No client-side send limit: the servers enforce theirs, and tests check they do.
  const options = { "grpc.max_receive_message_length": MAX_MESSAGE_BYTES, "grpc.max_send_message_length": -1 };
  const credentials = grpc.credentials.createInsecure();
  const clients = new Map<GrpcServiceName, grpc.Client>();

  function clientFor(service: GrpcServiceName) {
    let client = clients.get(service);
    if (!client) {
      const Constructor = grpcObject.relix.v1[service];
      client = new Constructor(target, credentials, options);
      clients.set(service, client);
    }
    return client;
  }

  function methodDefinition(workload: Workload): grpc.MethodDefinition<unknown, unknown> {
    const definition = grpcObject.relix.v1[workload.grpc.service].service[workload.grpc.method];
    if (!definition) throw new Error(`relix.v1.${workload.grpc.service} has no method ${workload.grpc.method}`);
    return definition;
  }

  /** Calls one workload once and decodes the answer; rejects with the grpc ServiceError on a non-OK status. */
  async function call<Req>(
    workload: Workload<Req>,
    request: Req,
    ctx: CallContext = { cacheMode: "warm", delayMs: 0 },
  ): Promise<GrpcCallResult> {
    const client = clientFor(workload.grpc.service) as unknown as Record<string, (...args: unknown[]) => unknown>;
    const method = client[workload.grpc.method]!.bind(client);
    const metadata = new grpc.Metadata();
    metadata.set(CACHE_MODE_HEADER, ctx.cacheMode);
    metadata.set(DELAY_HEADER, String(ctx.delayMs));
    const definition = methodDefinition(workload);

    if (workload.grpc.clientStream) {
      return callClientStream(method, metadata, definition, workload.grpc.clientStream.messages(request));
    }
    const message = workload.grpc.build(request);
    if (workload.streaming) return callServerStream(method, metadata, definition, message);
    return callUnary(method, metadata, definition, message);
  }

  return {
    call,
    close() {
      for (const client of clients.values()) client.close();
    },
  };
}
export type GrpcClients = ReturnType<typeof createGrpcClients>;

type GrpcMethod = (...args: unknown[]) => unknown;
type MethodDefinition = grpc.MethodDefinition<unknown, unknown>;

/** Many requests, one reply. */
async function callClientStream(
  method: GrpcMethod,
  metadata: grpc.Metadata,
  definition: MethodDefinition,
  messages: readonly unknown[],
): Promise<GrpcCallResult> {
  const reply = await new Promise<unknown>((resolve, reject) => {
    const stream = method(
      metadata,
      { deadline: Date.now() + CALL_TIMEOUT_MS },
      (error: grpc.ServiceError | null, value: unknown) => (error ? reject(error) : resolve(value)),
    ) as grpc.ClientWritableStream<unknown>;
    for (const m of messages) stream.write(m);
    stream.end();
  });
  const requestBodyBytes = messages.reduce<number>((sum, m) => sum + definition.requestSerialize(m).length, 0);
  return { data: reply, requestBodyBytes, responseBodyBytes: definition.responseSerialize(reply).length };
}

/** One request, the replies streamed back. */
async function callServerStream(
  method: GrpcMethod,
  metadata: grpc.Metadata,
  definition: MethodDefinition,
  message: unknown,
): Promise<GrpcCallResult> {
  const requestBodyBytes = definition.requestSerialize(message).length;
  const messages: unknown[] = await new Promise((resolve, reject) => {
    const received: unknown[] = [];
    const stream = method(message, metadata, {
      deadline: Date.now() + CALL_TIMEOUT_MS,
    }) as grpc.ClientReadableStream<unknown>;
    stream.on("data", (m) => received.push(m));
    stream.on("error", reject);
    stream.on("end", () => resolve(received));
  });
  const responseBodyBytes = messages.reduce<number>((sum, m) => sum + definition.responseSerialize(m).length, 0);
  return { data: messages, requestBodyBytes, responseBodyBytes };
}

async function callUnary(
  method: GrpcMethod,
  metadata: grpc.Metadata,
  definition: MethodDefinition,
  message: unknown,
): Promise<GrpcCallResult> {
  const requestBodyBytes = definition.requestSerialize(message).length;
  const reply = await new Promise<unknown>((resolve, reject) => {
    method(
      message,
      metadata,
      { deadline: Date.now() + CALL_TIMEOUT_MS },
      (error: grpc.ServiceError | null, value: unknown) => (error ? reject(error) : resolve(value)),
    );
  });
  return { data: reply, requestBodyBytes, responseBodyBytes: definition.responseSerialize(reply).length };
}
