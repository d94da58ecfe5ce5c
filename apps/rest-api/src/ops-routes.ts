import express, { type Router } from "express";
import type { Services } from "@relix/io";
import type { ServerTelemetry } from "@relix/io";
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
  router.get("/stats", (req, res) => {
    // Query parsing is off app-wide (the hot path never needs it): read this one flag by hand.
    const resetPeakRss = new URL(req.originalUrl, "http://stats").searchParams.get("resetPeakRss") === "1";
    res.json(telemetry.snapshot({ resetPeakRss }));
  });
  router.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });
  return router;
}
