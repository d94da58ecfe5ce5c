import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { isRunId } from "@relix/core/ids/run-id";
import { requestUrl } from "@relix/core/network/request-target";
import { servedHostNames } from "@relix/core/network/served-hosts";
import type { ServiceEndpoints } from "@relix/core/network/service-endpoints";
import { DEFAULT_ALLOWED_ORIGINS } from "../../config/runner-config";
import { sendError } from "./error-response";
import type { EventStream } from "./event-stream";
import { HttpError, runNotFound } from "./http-error";
import { silentLogger, type Logger } from "../logger";
import { noPresets, type PresetCatalog } from "../presets/preset-catalog";
import { checkHost, checkOrigin, checkToken, ownOrigins } from "./request-guards";
import type { AppParts, Route } from "./route";
import { createRouter } from "./router";
import type { RunService } from "../runs/run-service";
import { importResultRoute } from "../routes/results";
import { runEventsRoute } from "../routes/run-events";
import { cancelRunRoute, getResultRoute, getRunRoute, listRunsRoute, submitRunRoute } from "../routes/runs";
import { catalogRoute, healthRoute, presetsRoute, specSchemaRoute } from "../routes/reference";

/** How long close() lets requests in flight finish before cutting their connections. */
const CLOSE_GRACE_MS = 2000;

export const routes: readonly Route[] = [
  healthRoute,
  catalogRoute,
  presetsRoute,
  specSchemaRoute,
  listRunsRoute,
  submitRunRoute,
  getRunRoute,
  getResultRoute,
  runEventsRoute,
  cancelRunRoute,
  importResultRoute,
];

export interface RunnerServerOptions {
  service: RunService;
  presets?: PresetCatalog;
  /** RUNNER_TOKEN; null = no token needed. */
  token?: string | null;
  /** Web origins allowed besides the runner's own (default: the web app on 127.0.0.1/localhost:3000). */
  allowedOrigins?: readonly string[];
  /** Host names answered besides loopback and the host it listens on (RUNNER_ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
  /** SSE heartbeat period. */
  heartbeatMs?: number;
  log?: Logger;
  /** The services the engine drives (the runner's config); GET /healthz tells the web. */
  services?: ServiceEndpoints;
}

export interface RunnerServer {
  readonly server: http.Server;
  /** Resolves with the base URL once listening (port 0 = any free port). */
  listen(port: number, host: string): Promise<string>;
  /** Ends every SSE stream and closes the server. Runs are the service's business, not this. */
  close(): Promise<void>;
}

/**
 * The runner's HTTP API on node:http: the app, separate from `listen` and from main.ts, with its
 * dependencies passed in so tests run it on port 0 with a fake engine.
 */
export function createRunnerServer(options: RunnerServerOptions): RunnerServer {
  const log = options.log ?? silentLogger;
  const token = options.token ?? null;
  const allowed = new Set<string>(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS);
  const served = new Set<string>(servedHostNames(options.allowedHosts ?? []));
  const streams = new Set<EventStream>();
  const parts: AppParts = {
    service: options.service,
    presets: options.presets ?? noPresets,
    log,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    streams,
    ...(options.services ? { services: options.services } : {}),
  };
  const route = createRouter(routes);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    checkHost(req, served);
    const url = requestUrl(req.url);
    if (url === null) throw new HttpError(404, "not_found", "no endpoint at this path");
    checkOrigin(req, allowed);
    const match = route(req.method ?? "GET", url.pathname);
    if (match.kind === "none") throw new HttpError(404, "not_found", `no endpoint ${url.pathname}`);
    if (match.kind === "wrong-method") {
      throw new HttpError(405, "method_not_allowed", `use ${match.allow.join(" or ")} on ${url.pathname}`, undefined, {
        allow: match.allow.join(", "),
      });
    }
    if (match.route.needsToken) checkToken(req, token);
    // A malformed id cannot be a run: answered without asking the store.
    if (match.params.id !== undefined && !isRunId(match.params.id)) throw runNotFound();
    await match.route.handle({ req, res, url, params: match.params, app: parts });
  }

  // Connections that never carried a request (a client's spare connection) are not "idle" to
  // closeIdleConnections and would hold close() open until a timeout: tracked to end them at once.
  const unused = new Set<Socket>();
  const server = http.createServer((req, res) => {
    unused.delete(req.socket);
    handle(req, res).catch((error: unknown) => sendError(res, error, log));
  });
  server.on("connection", (socket: Socket) => {
    unused.add(socket);
    socket.once("close", () => unused.delete(socket));
  });
  // Bodies are small and local; a client that trickles one for minutes is not a client.
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;

  return {
    server,
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      for (const origin of ownOrigins(host, address.port)) allowed.add(origin);
      for (const name of servedHostNames([host])) served.add(name);
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      return `http://${shownHost}:${address.port}`;
    },
    async close() {
      for (const stream of [...streams]) stream.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        for (const socket of unused) socket.destroy();
        // A request still being answered gets a moment to finish, then its connection is cut.
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      });
    },
  };
}
