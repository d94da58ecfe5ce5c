import type { ImportedRun } from "@relix/core/runner-api/runs";
import { IMPORT_BODY_LIMIT, readJsonBodyBytes } from "../http/read-body";
import { sendJson } from "../http/respond";
import type { Route } from "../http/route";

/** POST /api/results: import a relix.result/v1 document -> 201 `{ id, status: "done" }`, its permalink. */
export const importResultRoute: Route = {
  method: "POST",
  path: "/api/results",
  needsToken: true,
  async handle({ req, res, app }) {
    // Left unparsed here: the service parses and checks it in a worker thread.
    const document = await readJsonBodyBytes(req, IMPORT_BODY_LIMIT);
    const id = await app.service.import(document);
    app.log.info(`result imported as run ${id}`);
    const body: ImportedRun = { id, status: "done" };
    sendJson(res, 201, body, { location: `/api/runs/${id}` });
  },
};
