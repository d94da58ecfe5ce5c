import type { Workload } from "../catalog/workload";
import { CACHE_MODE_HEADER, DELAY_HEADER } from "../repository/cache-mode";
import type { CallContext } from "../services/call-context";

export interface RestCallResult {
  status: number;
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
): Promise<RestCallResult> {
  const http = workload.rest.build(request);
  const headers: Record<string, string> = { [CACHE_MODE_HEADER]: ctx.cacheMode, [DELAY_HEADER]: String(ctx.delayMs) };
  if (http.contentType) headers["content-type"] = http.contentType;
  const response = await fetch(new URL(http.path, baseUrl), { method: http.method, headers, body: http.body });
  const body = Buffer.from(await response.arrayBuffer());
  const text = body.toString("utf8");
  let data: unknown;
  if (!response.ok) data = safeJson(text);
  else if (workload.streaming) data = text.split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line));
  else data = JSON.parse(text);
  return {
    status: response.status,
    data,
    requestBodyBytes: http.body === undefined ? 0 : Buffer.byteLength(http.body),
    responseBodyBytes: body.length,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
