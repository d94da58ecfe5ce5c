import type http from "node:http";
import type http2 from "node:http2";
import { callContextFrom, MAX_MESSAGE_BYTES, parseRequest } from "@relix/core";
import { requestUrl } from "@relix/core/network/request-target";
import { openApiDocumentOf } from "@relix/core/openapi/stack-openapi";
import { stackRecord } from "@relix/core/stacks/stacks";
import type { Services } from "@relix/io";
import {
  drainedOrClosed,
  outcomeOf,
  timeCodec,
  timedMessages,
  timeService,
  type RequestSpan,
  type ServerTelemetry,
} from "@relix/io";
import { keepsInterval } from "@relix/io/telemetry/interval-keep";
import { asksPeakRssReset, PEAK_RSS_RESET_REFUSED } from "@relix/io/telemetry/peak-rss-reset";
import { errorBodyOf, errorResponseOf, notFoundResponse, type ErrorResponse } from "../error-responses";
import type { BodyCodec } from "./body-codecs";
import { createCatalogRouter, type AnyWorkload, type RouteMatch } from "./catalog-router";
import { readBody } from "./request-body";

/** node:http's and node:http2's compatibility request and response: the handler serves both alike. */
type StackRequest = http.IncomingMessage | http2.Http2ServerRequest;
type StackResponse = http.ServerResponse | http2.Http2ServerResponse;

const headerReader = (req: StackRequest) => (name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const sendError = (res: StackResponse, error: ErrorResponse) => {
  if (res.headersSent) return void (res as http.ServerResponse).destroy();
  res.statusCode = error.status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(errorBodyOf(error));
};
const sendJson = (res: StackResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
};

/** As Express's NDJSON writer: first message before the headers, back-pressure, a client that leaves. */
async function writeStream(
  codec: BodyCodec,
  workload: AnyWorkload,
  res: StackResponse,
  messages: AsyncIterable<unknown>,
  span: RequestSpan,
): Promise<boolean> {
  let closed = false;
  res.once("close", () => (closed = true));
  const iterator = messages[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.statusCode = 200;
  res.setHeader("content-type", codec.replyContentType(workload));
  while (!next.done) {
    if (closed) {
      await iterator.return?.();
      return false;
    }
    const message = next.value;
    const chunk = timeCodec(span, () => codec.encodeStreamMessage(workload, message));
    if (!(res as http.ServerResponse).write(chunk) && !(await drainedOrClosed(res))) {
      await iterator.return?.();
      return false;
    }
    next = await iterator.next();
  }
  res.end();
  return true;
}

/**
 * The request handler of the REST process's other HTTP stacks: the catalog's routes, the same
 * ops endpoints as Express (/healthz, /readyz, /stats, /metrics, and /openapi.json where its bodies
 * are JSON), the same error answers, the codec the stack names. Every failure is answered from
 * error-responses.ts's table.
 */
export function createStackHandler(services: Services, telemetry: ServerTelemetry, codec: BodyCodec) {
  const route = createCatalogRouter();
  const server = `rest-api (${telemetry.stack})`;
  // A stack with JSON bodies serves its OpenAPI document; protobuf bodies have none to describe.
  const openApi =
    stackRecord(telemetry.stack).encoding === "json" ? JSON.stringify(openApiDocumentOf(telemetry.stack)) : undefined;

  async function ops(req: StackRequest, res: StackResponse, path: string): Promise<boolean> {
    // The runner's peak-RSS reset: a POST with a header, never a GET (peak-rss-reset.ts says why).
    if (req.method === "POST" && path === "/stats") {
      if (asksPeakRssReset(req.headers))
        sendJson(res, 200, telemetry.snapshot({ resetPeakRss: true, keepInterval: keepsInterval(req.headers) }));
      else sendError(res, PEAK_RSS_RESET_REFUSED);
      return true;
    }
    if (req.method !== "GET") return false;
    if (path === "/healthz") sendJson(res, 200, { status: "ok" });
    else if (path === "/readyz") {
      const ready = await services.repository.checkReady();
      const ok = ready.cache && ready.store;
      sendJson(res, ok ? 200 : 503, { status: ok ? "ready" : "not ready", ...ready });
    } else if (path === "/stats") {
      sendJson(res, 200, telemetry.snapshot({ keepInterval: keepsInterval(req.headers) }));
    } else if (path === "/metrics") {
      res.setHeader("content-type", telemetry.contentType);
      res.end(await telemetry.metricsText());
    } else if (path === "/openapi.json" && openApi !== undefined) {
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end(openApi);
    } else return false;
    return true;
  }

  async function serve(req: StackRequest, res: StackResponse, { workload, params, query }: RouteMatch) {
    const body = workload.rest.body === "none" ? undefined : await readBody(req, MAX_MESSAGE_BYTES);
    // The request is in hand: from here on is server time, as Express's once its body parser ran.
    const span = telemetry.startSpan();
    try {
      const decoded = timeCodec(span, () => codec.decode(workload, body, req.headers["content-type"]));
      const ctx = callContextFrom(headerReader(req));
      const request = parseRequest(workload, codec.candidate(workload, { params, query }, decoded));
      if (workload.streaming) {
        const messages = timedMessages(span, workload.handle(services, request, ctx) as AsyncIterable<unknown>);
        const completed = await writeStream(codec, workload, res, messages, span);
        telemetry.finish(workload.id, span, completed ? "ok" : "cancelled");
        return;
      }
      const reply = await timeService(span, () => workload.handle(services, request, ctx));
      const encoded = timeCodec(span, () => codec.encodeReply(workload, reply));
      res.statusCode = 200;
      res.setHeader("content-type", codec.replyContentType(workload));
      res.end(encoded);
      telemetry.finish(workload.id, span, "ok");
    } catch (error) {
      telemetry.finish(workload.id, span, outcomeOf(error));
      throw error;
    }
  }

  return (req: StackRequest, res: StackResponse) => {
    const url = req.url ?? "/";
    const method = req.method ?? "GET";
    (async () => {
      const match = route(method, url);
      if (match) return serve(req, res, match);
      // `//` and any target that is no URL have no route: 404, as Express answers them.
      const path = requestUrl(url)?.pathname;
      if (path === undefined || !(await ops(req, res, path))) sendError(res, notFoundResponse(method, path ?? url));
    })().catch((error: unknown) => sendError(res, errorResponseOf(error, server)));
  };
}
