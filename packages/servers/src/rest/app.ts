import express, { type Express } from "express";
import type { Services } from "@relix/io";
import type { ServerTelemetry } from "@relix/io";
import { errorHandler, notFoundResponse, sendError } from "./error-responses";
import { createOpsRouter } from "./ops-routes";
import { createWorkloadRouter } from "./workload-routes";

/** The Express app, separate from listen() so tests can mount it on port 0. */
export function createRestApp(services: Services, telemetry: ServerTelemetry): Express {
  const app = express();
  // Neither is useful to a benchmark client and both cost time per request.
  app.disable("x-powered-by");
  app.set("etag", false);
  // No route reads a query string; parsing one per request is pure overhead.
  app.set("query parser", false);

  app.use(createOpsRouter(services, telemetry));
  app.use(createWorkloadRouter(services, telemetry));
  app.use((req, res) => {
    const { status, code, message } = notFoundResponse(req.method, req.path);
    sendError(res, status, code, message);
  });
  app.use(errorHandler);
  return app;
}
