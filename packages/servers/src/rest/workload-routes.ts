import express, { type Request, type Response, type Router } from "express";
import { callContextFrom, DomainError, MAX_MESSAGE_BYTES, parseRequest, workloads, type Workload } from "@relix/core";
import type { Services } from "@relix/io";
import {
  drainedOrClosed,
  nowUs,
  outcomeOf,
  timeCodec,
  timedMessages,
  timeService,
  type RequestSpan,
  type ServerTelemetry,
} from "@relix/io";
import { sendDomainError } from "./error-responses";
import { queryParamsOf } from "./stacks/catalog-router";

/**
 * When body-parser began decoding a JSON body: `verify` runs on the raw bytes right before
 * JSON.parse, so from then to the route's handler is codec time, and the request's span starts there.
 */
const DECODE_STARTED = Symbol("relix.decodeStartedUs");
type Stamped = { [DECODE_STARTED]?: number };

const jsonBody = express.json({
  limit: MAX_MESSAGE_BYTES,
  type: ["application/json", "application/*+json"],
  verify: (req) => {
    (req as Stamped)[DECODE_STARTED] = nowUs();
  },
});
const rawBody = express.raw({ limit: MAX_MESSAGE_BYTES, type: () => true });

/** One route per workload of the catalog: nothing here is listed by hand. */
export function createWorkloadRouter(services: Services, telemetry: ServerTelemetry): Router {
  const router = express.Router();
  for (const workload of workloads) {
    const parsers = workload.rest.body === "json" ? [jsonBody] : workload.rest.body === "raw" ? [rawBody] : [];
    const method = workload.rest.method === "GET" ? "get" : "post";
    router[method](workload.rest.route, ...parsers, (req, res, next) => {
      serve(workload, services, telemetry, req, res).catch(next);
    });
  }
  return router;
}

/** A route never looks inside a request or a reply: the workload's schemas do. */
type AnyWorkload = Workload<unknown, unknown>;

async function serve(
  workload: AnyWorkload,
  services: Services,
  telemetry: ServerTelemetry,
  req: Request,
  res: Response,
) {
  const entered = nowUs();
  const decodeStarted = (req as Stamped)[DECODE_STARTED];
  const span = telemetry.startSpan(decodeStarted ?? entered);
  if (decodeStarted !== undefined) span.codecUs += entered - decodeStarted;
  try {
    const ctx = callContextFrom((name) => req.get(name));
    const request = parseRequest(
      workload,
      workload.rest.parse({
        params: req.params as Record<string, string>,
        // The app turns Express's query parser off; only routes that take query parameters parse one.
        query: workload.rest.query ? queryParamsOf(req.originalUrl) : {},
        body: req.body,
      }),
    );
    if (workload.streaming) {
      const messages = timedMessages(span, workload.handle(services, request, ctx) as AsyncIterable<unknown>);
      const completed = await writeNdjson(res, messages, span);
      telemetry.finish(workload.id, span, completed ? "ok" : "cancelled");
      return;
    }
    const reply = await timeService(span, () => workload.handle(services, request, ctx));
    sendJson(res, reply, span);
    telemetry.finish(workload.id, span, "ok");
  } catch (error) {
    telemetry.finish(workload.id, span, outcomeOf(error));
    if (error instanceof DomainError && !res.headersSent) return sendDomainError(res, error);
    throw error;
  }
}

/**
 * res.json() without Express's send() machinery (ETag and freshness checks, charset rewriting):
 * on the hot path that costs more than the JSON itself. Node sets Content-Length from end().
 */
function sendJson(res: Response, body: unknown, span: RequestSpan) {
  const text = timeCodec(span, () => JSON.stringify(body));
  res.statusCode = 200;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(text);
}

/**
 * Streams as NDJSON, one message a line, honouring back-pressure and a client that goes away.
 * Resolves false when the client left before the end.
 */
async function writeNdjson(res: Response, messages: AsyncIterable<unknown>, span: RequestSpan): Promise<boolean> {
  const iterator = messages[Symbol.asyncIterator]();
  // Pull the first message before sending headers, so an error (unknown id, database down)
  // can still be a proper status code.
  let next = await iterator.next();
  res.status(200).type("application/x-ndjson");
  while (!next.done) {
    if (res.destroyed) {
      await iterator.return?.();
      return false;
    }
    const line = timeCodec(span, () => `${JSON.stringify(next.value)}\n`);
    if (!res.write(line) && !(await drainedOrClosed(res))) {
      await iterator.return?.();
      return false;
    }
    next = await iterator.next();
  }
  res.end();
  return true;
}
