import type { RunFieldTable } from "@relix/core";
import type { CancelRunResponse, RunListResponse } from "@relix/core/runner-api/runs";
import { z } from "zod";
import { HttpError, invalidRequest, runNotFound } from "../http/http-error";
import { fieldErrors } from "../http/field-errors";
import { readJsonBody, SPEC_BODY_LIMIT } from "../http/read-body";
import { sendJson } from "../http/respond";
import type { Route } from "../http/route";
import { parseRunRequest } from "../http/spec-request";

/**
 * POST /api/runs: `{ preset?, spec? }` -> 202 `{ id, status: "queued", position }`. `fields` is the
 * run-field table the request is read with (a test's copy; the real table otherwise).
 */
export function submitRunRouteWith(fields?: RunFieldTable): Route {
  return {
    method: "POST",
    path: "/api/runs",
    needsToken: true,
    async handle({ req, res, app }) {
      const body = await readJsonBody(req, SPEC_BODY_LIMIT);
      const { spec, preset } = parseRunRequest(body, app.presets, fields);
      const submitted = await app.service.submit(spec, preset);
      app.log.info(
        `run ${submitted.id} queued at position ${submitted.position} (${preset ?? "custom"}: ${spec.workloads.join(", ")})`,
      );
      sendJson(res, 202, submitted, { location: `/api/runs/${submitted.id}` });
    },
  };
}

export const submitRunRoute: Route = submitRunRouteWith();

const listQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** GET /api/runs?limit=50: recent runs, newest first. */
export const listRunsRoute: Route = {
  method: "GET",
  path: "/api/runs",
  needsToken: true,
  async handle({ url, res, app }) {
    const query = listQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) throw invalidRequest("invalid query", fieldErrors(query.error.issues));
    const body: RunListResponse = { runs: await app.service.list(query.data.limit) };
    sendJson(res, 200, body);
  },
};

/** GET /api/runs/:id: status, position, spec, times, live progress, and the result once done. */
export const getRunRoute: Route = {
  method: "GET",
  path: "/api/runs/:id",
  needsToken: false,
  async handle({ params, res, app }) {
    const run = await app.service.get(params.id!);
    if (run === null) throw runNotFound();
    sendJson(res, 200, run);
  },
};

/** GET /api/runs/:id/result: the relix.result/v1 document, as a download. */
export const getResultRoute: Route = {
  method: "GET",
  path: "/api/runs/:id/result",
  needsToken: false,
  async handle({ params, res, app }) {
    const id = params.id!;
    const result = await app.service.result(id);
    if (result === null) throw runNotFound();
    if (result === "not-finished") throw new HttpError(409, "not_finished", "this run has no result (it is not done)");
    sendJson(res, 200, result, { "content-disposition": `attachment; filename="relix-${id}.json"` });
  },
};

/** POST /api/runs/:id/cancel: a queued run leaves the queue; a running one is aborted. */
export const cancelRunRoute: Route = {
  method: "POST",
  path: "/api/runs/:id/cancel",
  needsToken: true,
  async handle({ req, params, res, app }) {
    req.resume();
    const id = params.id!;
    const outcome = await app.service.cancel(id);
    if (outcome === "not-active") {
      const record = await app.service.getRecord(id);
      if (record === null) throw runNotFound();
      throw new HttpError(
        409,
        "not_cancellable",
        `this run is ${record.status}: only a queued or running run can be cancelled`,
      );
    }
    app.log.info(`run ${id} ${outcome === "cancelled" ? "cancelled while queued" : "cancel requested while running"}`);
    // A queued run is cancelled at once; a running one when the engine has stopped (a `status` event).
    const body: CancelRunResponse =
      outcome === "cancelled" ? { id, status: "cancelled" } : { id, status: "running", cancelRequested: true };
    sendJson(res, 202, body);
  },
};
