import { restRequestOf } from "@relix/core/catalog/rest-request";
import { chunksOf } from "@relix/core/catalog/chunks";
import type { RestRequest, Workload } from "@relix/core/catalog/workload";
import { CACHE_MODE_HEADER, DELAY_HEADER } from "@relix/core/calls/cache-mode";
import type { CallContext } from "@relix/core/calls/call-context";

/** One call that takes longer than this is stuck (a stalled database), not slow. */
export const CALL_TIMEOUT_MS = 30_000;

export interface RestCallResult {
  status: number;
  /** The reply's content-type header ("" when it had none). */
  contentType: string;
  /** The decoded answer: a JSON document, or the array of NDJSON lines for a stream. */
  data: unknown;
  requestBodyBytes: number;
  responseBodyBytes: number;
}

/** Calls one workload once over REST and decodes the answer (preflight and conformance tests). */
export async function callRest<Req>(
  baseUrl: string,
  workload: Workload<Req>,
  request: Req,
  ctx: CallContext = { cacheMode: "warm", delayMs: 0 },
  { timeoutMs = CALL_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<RestCallResult> {
  const http = restRequestOf(workload, request);
  const headers: Record<string, string> = { [CACHE_MODE_HEADER]: ctx.cacheMode, [DELAY_HEADER]: String(ctx.delayMs) };
  if (http.contentType) headers["content-type"] = http.contentType;
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(new URL(http.path, baseUrl), {
    method: http.method,
    headers,
    ...bodyOf(http),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const body = Buffer.from(await response.arrayBuffer());
  const text = body.toString("utf8");
  let data: unknown;
  if (!response.ok) data = safeJson(text);
  else if (workload.streaming)
    data = text
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line): unknown => JSON.parse(line));
  else data = JSON.parse(text);
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    data,
    requestBodyBytes: http.body === undefined ? 0 : Buffer.byteLength(http.body),
    responseBodyBytes: body.length,
  };
}

/**
 * A chunked body goes as a stream of its chunks: fetch then sends it with Transfer-Encoding:
 * chunked (a stream body needs `duplex: "half"`).
 */
function bodyOf(http: RestRequest): { body?: string | Buffer | ReadableStream<Uint8Array>; duplex?: "half" } {
  if (http.body === undefined) return {};
  if (http.chunkBytes === undefined) return { body: http.body };
  const chunks = chunksOf(Buffer.from(http.body), http.chunkBytes);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return { body, duplex: "half" };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
