import express, { type Request, type Response, type Router } from "express";
import { callContextFrom, DomainError, MAX_MESSAGE_BYTES, parseRequest, workloads, type Workload } from "@relix/core";
import type { Services } from "@relix/io";
import { drainedOrClosed, nowUs, outcomeOf, type ServerTelemetry } from "@relix/io";
import { sendDomainError } from "./error-responses";

const jsonBody = express.json({ limit: MAX_MESSAGE_BYTES, type: ["application/json", "application/*+json"] });
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
  const started = nowUs();
  try {
    const ctx = callContextFrom((name) => req.get(name));
    const request = parseRequest(
      workload,
      workload.rest.parse({ params: req.params as Record<string, string>, body: req.body }),
    );
    const result = workload.handle(services, request, ctx);
    if (workload.streaming) {
      const completed = await writeNdjson(res, result as AsyncIterable<unknown>);
      telemetry.observe(workload.id, nowUs() - started, completed ? "ok" : "cancelled");
      return;
    }
    const reply = await result;
    telemetry.observe(workload.id, nowUs() - started, "ok");
    sendJson(res, reply);
  } catch (error) {
    telemetry.observe(workload.id, nowUs() - started, outcomeOf(error));
    if (error instanceof DomainError && !res.headersSent) return sendDomainError(res, error);
    throw error;
  }
}

/**
 * res.json() without Express's send() machinery (ETag and freshness checks, charset rewriting):
 * on the hot path that costs more than the JSON itself. Node sets Content-Length from end().
 */
function sendJson(res: Response, body: unknown) {
  res.statusCode = 200;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

/**
 * Streams as NDJSON, one message a line, honouring back-pressure and a client that goes away.
 * Resolves false when the client left before the end.
 */
async function writeNdjson(res: Response, messages: AsyncIterable<unknown>): Promise<boolean> {
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
    if (!res.write(`${JSON.stringify(next.value)}\n`) && !(await drainedOrClosed(res))) {
      await iterator.return?.();
      return false;
    }
    next = await iterator.next();
  }
  res.end();
  return true;
}
