import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServiceEndpoints } from "@relix/core/network/service-endpoints";
import type { Logger } from "../logger";
import type { PresetCatalog } from "../presets/preset-catalog";
import type { EventStream } from "./event-stream";
import type { RunService } from "../runs/run-service";

/** What every handler gets: the request, its parsed URL and path parameters, and the app's parts. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  app: AppParts;
}

export interface AppParts {
  service: RunService;
  presets: PresetCatalog;
  log: Logger;
  heartbeatMs: number;
  /** Open SSE streams, ended on shutdown (they would otherwise hold the server open). */
  streams: Set<EventStream>;
  /** The services the engine drives, as configured at start-up (told to the web by GET /healthz). */
  services?: ServiceEndpoints;
}

export interface Route {
  method: "GET" | "POST";
  /** `/api/runs/:id/events`: `:name` matches one path segment. */
  path: string;
  /**
   * Needs the token when RUNNER_TOKEN is set: every mutating route, and the list of runs (the one
   * place that would hand out the ids, which are otherwise unguessable permalinks).
   */
  needsToken: boolean;
  handle(ctx: RouteContext): Promise<void>;
}
