import http from "node:http";
import type { AddressInfo } from "node:net";
import { requestUrl } from "@relix/core/network/request-target";
import type { ServerTelemetry } from "@relix/io";
import { keepsInterval } from "@relix/io/telemetry/interval-keep";
import { asksPeakRssReset, PEAK_RSS_RESET_REFUSED } from "@relix/io/telemetry/peak-rss-reset";

const NOT_FOUND = '{"error":{"code":"not_found","message":"unknown path"}}';

/**
 * The gRPC API's small HTTP side port: /metrics (Prometheus), /stats (runner), /healthz. The
 * process serves several stacks: /stats answers for the first (grpc-js) unless `?stack=` names
 * another; /metrics is the process's one registry, labelled by stack.
 */
export async function startMetricsServer(stacks: [ServerTelemetry, ...ServerTelemetry[]], host: string, port: number) {
  const [telemetry] = stacks;
  const server = http.createServer((req, res) => {
    answer(req, res).catch((error) => {
      console.error("grpc-api: metrics side port", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end('{"error":{"code":"internal","message":"internal error"}}');
    });
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    // `//` and any target that is no URL name no path served here.
    const url = requestUrl(req.url);
    if (url === null) {
      res.writeHead(404, { "content-type": "application/json" }).end(NOT_FOUND);
      return;
    }
    // The one POST: the runner's peak-RSS reset (peak-rss-reset.ts says why a GET only reads).
    const resetPeakRss = req.method === "POST" && url.pathname === "/stats";
    if (req.method !== "GET" && !resetPeakRss) {
      res.writeHead(405).end();
      return;
    }
    if (url.pathname === "/metrics") {
      res.writeHead(200, { "content-type": telemetry.contentType }).end(await telemetry.metricsText());
    } else if (url.pathname === "/stats") {
      if (resetPeakRss && !asksPeakRssReset(req.headers)) {
        const { status, code, message } = PEAK_RSS_RESET_REFUSED;
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error: { code, message } }));
        return;
      }
      const name = url.searchParams.get("stack");
      const stack = name === null ? telemetry : stacks.find((candidate) => candidate.stack === name);
      if (!stack) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end('{"error":{"code":"not_found","message":"this process serves no such stack"}}');
        return;
      }
      const body = JSON.stringify(stack.snapshot({ resetPeakRss, keepInterval: keepsInterval(req.headers) }));
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    } else if (url.pathname === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    } else {
      res.writeHead(404, { "content-type": "application/json" }).end(NOT_FOUND);
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
