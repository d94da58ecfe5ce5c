/**
 * `pnpm bench:floor`: is the warm read path close to the stack's floor?
 *
 * In one run on this machine it measures item.get (warm) on both APIs beside a minimal
 * reference on the same stack (a bare node:http handler and a bare grpc-js handler, each doing
 * one Redis GET of the same key), at 1 connection (p50) and at 32 connections (throughput),
 * and prints the ratios. Targets: p50 within 1.3x of the reference, throughput at least 0.8x.
 * All traffic stays on 127.0.0.1; every run is bounded in time.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { getWorkload } from "@relix/core";
import { protoFileFor, PROTO_ROOT } from "@relix/io";
import { getFreePort, locateTool, toolPath } from "@relix/io/backends";
import { preflight } from "../src/engine/preflight";
import { restRequestsFor } from "../src/engine/protocol-requests";
import { stopChild } from "../src/engine/service-processes";
import { figuresInWindow } from "../src/engine/window";
import { GHZ_EXECUTABLE, runAutocannon, runGhz } from "../src/tools";
import { startLocalStack } from "./lib/local-stack";

const WARMUP_MS = Number(process.env.FLOOR_WARMUP_MS ?? 1_000);
const WINDOW_MS = Number(process.env.FLOOR_WINDOW_MS ?? 5_000);
const KEYS = 100;
const require = createRequire(import.meta.url);
const tsxCli = require.resolve("tsx/cli");

async function spawnReference(file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [tsxCli, fileURLToPath(new URL(file, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return child;
}

type Target = { name: string; kind: "http" | "grpc"; port: number };

async function measure(target: Target, connections: number) {
  const workload = getWorkload("item.get");
  const ids = Array.from({ length: KEYS }, (_, i) => ({ id: i + 1 }));
  const durationMs = WARMUP_MS + WINDOW_MS + 250;
  const tool =
    target.kind === "http"
      ? await runAutocannon({
          url: `http://127.0.0.1:${target.port}`,
          requests: restRequestsFor(workload, ids, "warm", 0),
          connections,
          durationMs,
        })
      : await runGhz({
          target: `127.0.0.1:${target.port}`,
          protoFile: protoFileFor("catalog"),
          importPaths: [PROTO_ROOT],
          call: "relix.v1.CatalogService.GetItem",
          data: ids,
          metadata: { "x-relix-cache": "warm" },
          concurrency: connections,
          durationMs,
          ghzBin: toolPath(await locateTool(GHZ_EXECUTABLE, process.env)),
        });
  const figures = figuresInWindow(tool.samples, { startMs: WARMUP_MS, endMs: WARMUP_MS + WINDOW_MS });
  if (figures.errors > 0)
    throw new Error(`${target.name}: ${figures.errors} errors ${JSON.stringify(figures.errorsByCode)}`);
  return { p50: figures.histogram.summary().p50, rps: figures.rps };
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

async function main() {
  const stack = await startLocalStack(process.env);
  const { targets } = stack;
  const redisUrl = stack.redisUrl;
  const [refHttpPort, refGrpcPort, refExpressPort] = await Promise.all([1, 2, 3].map(() => getFreePort()));
  const restPort = targets.restPort;
  const grpcPort = targets.grpcPort;
  const references: Awaited<ReturnType<typeof spawnReference>>[] = [];
  try {
    // Prime the cache with every key (and check both APIs agree), as a warm run does.
    await preflight(
      targets,
      getWorkload("item.get"),
      Array.from({ length: KEYS }, (_, i) => ({ id: i + 1 })),
      "warm",
    );
    references.push(
      await spawnReference("./floor/reference-http.ts", { PORT: String(refHttpPort), REDIS_URL: redisUrl }),
    );
    references.push(
      await spawnReference("./floor/reference-grpc.ts", { PORT: String(refGrpcPort), REDIS_URL: redisUrl }),
    );
    references.push(
      await spawnReference("./floor/reference-express.ts", { PORT: String(refExpressPort), REDIS_URL: redisUrl }),
    );

    const pairs: Array<[Target, Target]> = [
      [
        { name: "REST API (Express)", kind: "http", port: restPort },
        { name: "bare node:http + GET", kind: "http", port: refHttpPort! },
      ],
      [
        { name: "gRPC API (grpc-js)", kind: "grpc", port: grpcPort },
        { name: "bare grpc-js + GET", kind: "grpc", port: refGrpcPort! },
      ],
    ];
    const rows: string[] = [];
    let pass = true;
    for (const [api, reference] of pairs) {
      // Alternate which goes first so neither always gets the warmer machine.
      const apiP50 = await measure(api, 1);
      const refP50 = await measure(reference, 1);
      const refRps = await measure(reference, 32);
      const apiRps = await measure(api, 32);
      const p50Ratio = apiP50.p50 / refP50.p50;
      const rpsRatio = apiRps.rps / refRps.rps;
      const ok = p50Ratio <= 1.3 && rpsRatio >= 0.8;
      pass &&= ok;
      rows.push(
        `${api.name.padEnd(20)} ${pad(apiP50.p50.toFixed(3), 9)} ${pad(refP50.p50.toFixed(3), 9)} ${pad(p50Ratio.toFixed(2) + "x", 7)}  ` +
          `${pad(apiRps.rps.toFixed(0), 8)} ${pad(refRps.rps.toFixed(0), 8)} ${pad(rpsRatio.toFixed(2) + "x", 7)}  ${ok ? "PASS" : "FAIL"}  (${reference.name})`,
      );
    }
    console.log(
      `item.get warm, ${WINDOW_MS / 1000} s windows after ${WARMUP_MS / 1000} s warm-up; p50 at 1 connection, rps at 32`,
    );
    console.log(
      `${"".padEnd(20)} ${pad("p50 ms", 9)} ${pad("ref ms", 9)} ${pad("ratio", 7)}  ${pad("rps", 8)} ${pad("ref rps", 8)} ${pad("ratio", 7)}  target: p50 <= 1.3x, rps >= 0.8x`,
    );
    for (const row of rows) console.log(row);

    // The yardstick: how much of the REST gap is Express itself.
    const expressOnly: Target = { name: "bare Express 5 + GET", kind: "http", port: refExpressPort! };
    const [bareP50, bareRps] = [await measure(expressOnly, 1), await measure(expressOnly, 32)];
    console.log(
      `\n${expressOnly.name.padEnd(20)} ${pad(bareP50.p50.toFixed(3), 9)} ms p50, ${bareRps.rps.toFixed(0)} rps ` +
        `(not a target: Express's own floor for this route, for reading the REST row)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await Promise.all(references.map((child) => stopChild(child)));
    await stack.stop();
  }
}

await main();
