// How the conformance tests reach the stacks: raw HTTP requests (to send exactly the bytes a test
// wants, bad input included) and one decoded call, through the same client per wire format the
// runner's preflight uses (@relix/io/clients/stack-client.ts).
import http2 from "node:http2";
import type { Workload } from "@relix/core";
import type { CallContext } from "@relix/core/calls/call-context";
import { stackRecord, stacksOfRuntime, type StackId } from "@relix/core/stacks/stacks";
import { stackClient } from "@relix/io/clients/stack-client";
import type { Stack } from "./stack";

/**
 * The HTTP stacks the Node services serve, in the table's order (the default REST stack first). The
 * Java and Python servers are held to these in runtime-conformance.ts.
 */
export const httpStackIds: readonly StackId[] = stacksOfRuntime("node").filter(
  (id) => stackRecord(id).family === "rest",
);
export type HttpStackId = StackId;

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
export interface RawResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Where each stack of some started servers listens: the Node services (stack.ts) or others (runtime-servers.ts). */
export type StackAddresses = Pick<Stack, "addresses">;

/** host:port of a stack of the started services. */
export function addressOf(stack: StackAddresses, id: StackId): string {
  const address = stack.addresses[id];
  if (address === undefined) throw new Error(`the ${id} stack is not served by the started services`);
  return address;
}

export const baseUrlOf = (stack: StackAddresses, id: HttpStackId) => `http://${addressOf(stack, id)}`;

/** One request over cleartext HTTP/2 (prior knowledge, as h2load and gRPC speak it). */
function h2cRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(baseUrl);
    session.on("error", reject);
    const stream = session.request({ ":method": request.method, ":path": request.path, ...request.headers });
    const chunks: Buffer[] = [];
    let status = 0;
    let contentType = "";
    stream.on("response", (headers) => {
      status = Number(headers[":status"]);
      contentType = String(headers["content-type"] ?? "");
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      session.close();
      resolve({ status, contentType, body: Buffer.concat(chunks) });
    });
    stream.on("error", reject);
    stream.end(request.body);
  });
}

/** One request to one HTTP stack of the REST API's process. */
export async function stackRequest(stack: StackAddresses, id: HttpStackId, request: RawRequest): Promise<RawResponse> {
  const baseUrl = baseUrlOf(stack, id);
  if (stackRecord(id).transport === "h2c") return h2cRequest(baseUrl, request);
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Calls one workload once on one stack and decodes the answer (an error's JSON body when it failed). */
export async function callStack<Req>(
  stack: StackAddresses,
  id: StackId,
  workload: Workload<Req>,
  request: Req,
  ctx: CallContext = { cacheMode: "warm", delayMs: 0 },
) {
  const client = stackClient(id, addressOf(stack, id));
  try {
    const answer = await client.call(workload, request, ctx);
    return { status: answer.status, contentType: answer.contentType, data: answer.data };
  } finally {
    client.close();
  }
}
