/**
 * One measurement of the floor: item.get warm on one server for warm-up + window, through the
 * runner's own load generators (autocannon for HTTP/1.1, ghz for gRPC), figures from the window
 * only. Any error fails the run: a floor measured on errors would flatter the server.
 */
import { getWorkload } from "@relix/core";
import { protoFileFor, PROTO_ROOT } from "@relix/io";
import { locateTool, toolPath } from "@relix/io/backends";
import { restRequestsFor } from "../../src/engine/plan/protocol-requests";
import { figuresInWindow } from "../../src/engine/measure/window";
import { GHZ_EXECUTABLE, runAutocannon, runGhz } from "../../src/tools";
import type { FloorProtocol } from "./runtime-floors";

/** The item ids read, the keys the preflight primed (a warm run's). */
export const FLOOR_KEYS = 100;
export const floorIds = () => Array.from({ length: FLOOR_KEYS }, (_, i) => ({ id: i + 1 }));

export interface FloorTarget {
  name: string;
  protocol: FloorProtocol;
  port: number;
}

export async function measureItemGet(
  target: FloorTarget,
  connections: number,
  { warmupMs, windowMs }: { warmupMs: number; windowMs: number },
): Promise<{ p50Ms: number; rps: number }> {
  const workload = getWorkload("item.get");
  const durationMs = warmupMs + windowMs + 250;
  const tool =
    target.protocol === "http"
      ? await runAutocannon({
          url: `http://127.0.0.1:${target.port}`,
          requests: restRequestsFor(workload, floorIds(), "warm", 0),
          connections,
          durationMs,
        })
      : await runGhz({
          target: `127.0.0.1:${target.port}`,
          protoFile: protoFileFor("catalog"),
          importPaths: [PROTO_ROOT],
          call: "relix.v1.CatalogService.GetItem",
          data: floorIds(),
          metadata: { "x-relix-cache": "warm" },
          concurrency: connections,
          durationMs,
          ghzBin: toolPath(await locateTool(GHZ_EXECUTABLE, process.env)),
        });
  const figures = figuresInWindow(tool.samples, { startMs: warmupMs, endMs: warmupMs + windowMs });
  if (figures.errors > 0)
    throw new Error(`${target.name}: ${figures.errors} errors ${JSON.stringify(figures.errorsByCode)}`);
  return { p50Ms: figures.histogram.summary().p50, rps: figures.rps };
}
