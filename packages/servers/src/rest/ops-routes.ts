import express, { type Router } from "express";
import type { Services } from "@relix/io";
import type { ServerTelemetry } from "@relix/io";
import { keepsInterval } from "@relix/io/telemetry/interval-keep";
import { asksPeakRssReset, PEAK_RSS_RESET_REFUSED } from "@relix/io/telemetry/peak-rss-reset";
import { sendError } from "./error-responses";
import { buildOpenApiDocument } from "./openapi";

/** Health, readiness, metrics, runner stats and the OpenAPI document. */
export function createOpsRouter(services: Services, telemetry: ServerTelemetry): Router {
  const router = express.Router();
  const openApi = buildOpenApiDocument();

  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const ready = await services.repository.checkReady();
    res
      .status(ready.cache && ready.store ? 200 : 503)
      .json({ status: ready.cache && ready.store ? "ready" : "not ready", ...ready });
  });
  router.get("/metrics", async (_req, res) => {
    res.type(telemetry.contentType).send(await telemetry.metricsText());
  });
  // Reading never resets anything; the runner's reset is a POST with a header (peak-rss-reset.ts says why).
  router.get("/stats", (req, res) => {
    res.json(telemetry.snapshot({ keepInterval: keepsInterval(req.headers) }));
  });
  router.post("/stats", (req, res) => {
    if (!asksPeakRssReset(req.headers)) {
      const { status, code, message } = PEAK_RSS_RESET_REFUSED;
      sendError(res, status, code, message);
      return;
    }
    res.json(telemetry.snapshot({ resetPeakRss: true, keepInterval: keepsInterval(req.headers) }));
  });
  router.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });
  return router;
}
