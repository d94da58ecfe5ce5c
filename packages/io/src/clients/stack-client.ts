/**
 * One call of a workload on any stack, decoded to plain data: each stack is reached the way its
 * record's wire format says (stacks/stacks.ts: family, transport, encoding), one client per wire
 * format, so the runner's preflight and the conformance tests call every stack the same way and
 * can compare the answers field by field.
 */
import http2 from "node:http2";
import type { Workload } from "@relix/core/catalog/workload";
import { CACHE_MODE_HEADER, DELAY_HEADER } from "@relix/core/calls/cache-mode";
import type { CallContext } from "@relix/core/calls/call-context";
import { stackRecord, type StackDefinition, type StackId } from "@relix/core/stacks/stacks";
import { protobufCodecOf, splitDelimited } from "../proto/protobuf-bodies";
import { encodedRestRequest } from "./encoded-request";
import { createGrpcClients } from "./grpc-client";
import { CALL_TIMEOUT_MS, callRest } from "./rest-client";

export interface StackAnswer {
  /** 200 for a success (gRPC OK counts as 200); a failed gRPC call throws instead. */
  status: number;
  /** The reply's content-type ("application/grpc" for a gRPC stack). */
  contentType: string;
  data: unknown;
  requestBodyBytes: number;
  responseBodyBytes: number;
}

export interface StackClient {
  call(workload: Workload, request: unknown, ctx: CallContext, signal?: AbortSignal): Promise<StackAnswer>;
  close(): void;
}

type Encoding = StackDefinition["encoding"];

/** A success's body, decoded as the stack encodes it: JSON (NDJSON lines for a stream) or protobuf. */
const DECODE: Record<Encoding, (workload: Workload, body: Buffer) => unknown> = {
  json: (workload, body) => {
    const text = body.toString("utf8");
    if (!workload.streaming) return JSON.parse(text) as unknown;
    return text
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line): unknown => JSON.parse(line));
  },
  protobuf: (workload, body) => {
    const codec = protobufCodecOf(workload);
    return workload.streaming
      ? splitDelimited(body).map((message) => codec.responseDeserialize(message))
      : codec.responseDeserialize(body);
  },
};

const errorData = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return body.toString("utf8");
  }
};

const headersOf = (ctx: CallContext, contentType: string | undefined): Record<string, string> => ({
  [CACHE_MODE_HEADER]: ctx.cacheMode,
  [DELAY_HEADER]: String(ctx.delayMs),
  ...(contentType ? { "content-type": contentType } : {}),
});

/** HTTP/1.1 in the stack's encoding. JSON goes through the same client as the conformance tests. */
function http1Client(baseUrl: string, encoding: Encoding): StackClient {
  return {
    async call(workload, request, ctx, signal) {
      if (encoding === "json") return callRest(baseUrl, workload, request, ctx, signal ? { signal } : {});
      const http = encodedRestRequest(workload, request, encoding);
      const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
      const response = await fetch(new URL(http.path, baseUrl), {
        method: http.method,
        headers: headersOf(ctx, http.contentType),
        ...(http.body === undefined ? {} : { body: http.body }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const body = Buffer.from(await response.arrayBuffer());
      return {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        data: response.ok ? DECODE[encoding](workload, body) : errorData(body),
        requestBodyBytes: http.body === undefined ? 0 : Buffer.byteLength(http.body),
        responseBodyBytes: body.length,
      };
    },
    close() {},
  };
}

/** Cleartext HTTP/2 with prior knowledge (as h2load and gRPC speak it), one session for every call. */
function h2cClient(baseUrl: string, encoding: Encoding): StackClient {
  let session: http2.ClientHttp2Session | undefined;
  const open = () => {
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(baseUrl);
      session.on("error", () => {});
    }
    return session;
  };
  return {
    call(workload, request, ctx, signal) {
      const http = encodedRestRequest(workload, request, encoding);
      return new Promise<StackAnswer>((resolve, reject) => {
        const stream = open().request(
          { ":method": http.method, ":path": http.path, ...headersOf(ctx, http.contentType) },
          { ...(signal ? { signal } : {}) },
        );
        stream.setTimeout(CALL_TIMEOUT_MS, () => stream.close(http2.constants.NGHTTP2_CANCEL));
        const chunks: Buffer[] = [];
        let status = 0;
        let contentType = "";
        stream.on("response", (headers) => {
          status = Number(headers[":status"]);
          contentType = String(headers["content-type"] ?? "");
        });
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", reject);
        stream.on("end", () => {
          const body = Buffer.concat(chunks);
          try {
            resolve({
              status,
              contentType,
              data: status === 200 ? DECODE[encoding](workload, body) : errorData(body),
              requestBodyBytes: http.body === undefined ? 0 : Buffer.byteLength(http.body),
              responseBodyBytes: body.length,
            });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        stream.on("close", () => {
          if (status === 0) reject(new Error(`the h2c stream closed without an answer (code ${stream.rstCode})`));
        });
        stream.end(http.body);
      });
    },
    close() {
      session?.close();
    },
  };
}

/** gRPC over grpc-js's client (proto-loader's codec): what each gRPC stack's server codec must match. */
function grpcClient(target: string): StackClient {
  const clients = createGrpcClients(target);
  return {
    async call(workload, request, ctx) {
      return { status: 200, contentType: "application/grpc", ...(await clients.call(workload, request, ctx)) };
    },
    close: () => clients.close(),
  };
}

/** How each family and transport is reached at `address` (host:port); the encoding is the stack's own. */
const CLIENT_OF: Record<
  StackDefinition["family"],
  Record<StackDefinition["transport"], (address: string, encoding: Encoding, stack: StackId) => StackClient>
> = {
  rest: {
    http1: (address, encoding) => http1Client(`http://${address}`, encoding),
    h2c: (address, encoding) => h2cClient(`http://${address}`, encoding),
  },
  grpc: {
    http1: (_address, _encoding, stack) => {
      throw new Error(`${stack}: gRPC runs over HTTP/2 only`);
    },
    h2c: (address) => grpcClient(address),
  },
};

/** A client for one stack served at `address` (host:port). */
export function stackClient(stack: StackId, address: string): StackClient {
  const { family, transport, encoding } = stackRecord(stack);
  return CLIENT_OF[family][transport](address, encoding, stack);
}
