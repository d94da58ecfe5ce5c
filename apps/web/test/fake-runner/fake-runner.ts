import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { findWorkload, workloads } from "@relix/core/catalog/catalog";
import { withPublishedFigures } from "@relix/core/presets/published-figures";
import { findPreset, presets, specFromPreset } from "@relix/core/presets/presets";
import { cacheModes } from "@relix/core/calls/cache-mode";
import { parseRunResult, type RunResult } from "@relix/core/result/result-schema";
import { MAX_TOTAL_RUN_MS, specBounds } from "@relix/core/spec/bounds";
import { runSpecSchema, type RunSpec } from "@relix/core/spec/run-spec";
import { buildResult } from "../fixtures/build-result";

// A stand-in for the runner's HTTP service (apps/runner/src/server), for the web app's component
// and dev work only: same routes and shapes, canned but schema-valid data, simulated seconds that
// pass every `tickMs`. The e2e test runs against the real runner.

type Status = "queued" | "running" | "done" | "failed" | "cancelled";
interface Logged {
  id: number;
  type: string;
  data: Record<string, unknown>;
}
interface Run {
  id: string;
  preset: string | null;
  spec: RunSpec;
  status: Status;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  reason: string | null;
  result: RunResult | null;
  imported: boolean;
  events: Logged[];
  listeners: Set<(e: Logged) => void>;
  progress: { fraction: number; elapsedMs: number; remainingMs: number } | null;
  cancel: boolean;
}

export interface FakeRunnerOptions {
  port?: number;
  /** Real milliseconds per simulated second. */
  tickMs?: number;
  /** Close every SSE connection after this many events (to exercise reconnects); 0 = never. */
  dropAfterEvents?: number;
  /** Keep each run "running" after its last sample until release(id) (so a test can count what arrived). */
  hold?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

export class FakeRunner {
  readonly runs = new Map<string, Run>();
  private readonly queue: Run[] = [];
  private busy = false;
  private server: Server | null = null;
  private readonly held = new Map<string, () => void>();
  readonly tickMs: number;
  readonly dropAfterEvents: number;

  constructor(private readonly options: FakeRunnerOptions = {}) {
    this.tickMs = options.tickMs ?? 250;
    this.dropAfterEvents = options.dropAfterEvents ?? 0;
  }

  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error) => send(res, 500, { error: { code: "internal", message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const run of this.runs.values()) run.cancel = true;
    for (const release of this.held.values()) release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Lets a held run finish (see FakeRunnerOptions.hold). */
  release(id: string): void {
    this.held.get(id)?.();
  }

  /** Sample events logged so far for a run. */
  sampleCount(id: string): number {
    return this.runs.get(id)?.events.filter((e) => e.type === "sample").length ?? 0;
  }

  /** Adds a finished run directly (for fixtures and screenshots). */
  addFinished(result: RunResult): string {
    const run = this.newRun(result.spec, result.spec.preset ?? null);
    run.status = "done";
    run.result = { ...result, id: run.id };
    run.startedAt = Date.parse(result.createdAt);
    run.finishedAt = Date.parse(result.finishedAt);
    this.log(run, "status", {
      status: "done",
      position: null,
      reason: null,
      headline: null,
      at: new Date().toISOString(),
    });
    return run.id;
  }

  private newRun(spec: RunSpec, preset: string | null): Run {
    const run: Run = {
      id: randomBytes(12).toString("base64url"),
      preset,
      spec,
      status: "queued",
      createdAt: Date.now(),
      startedAt: null,
      finishedAt: null,
      reason: null,
      result: null,
      imported: false,
      events: [],
      listeners: new Set(),
      progress: null,
      cancel: false,
    };
    this.runs.set(run.id, run);
    return run;
  }

  private log(run: Run, type: string, data: Record<string, unknown>) {
    const entry = { id: run.events.length + 1, type, data: { type, ...data } };
    run.events.push(entry);
    for (const listener of run.listeners) listener(entry);
  }

  private headline(run: Run) {
    const cell = run.result?.cells[0];
    const c = cell?.comparisons.find((x) => x.metric === "p50");
    if (!cell || !c) return null;
    return {
      workload: cell.workload,
      cacheMode: cell.cacheMode,
      metric: "p50",
      speedup: c.ci.estimate,
      low: c.ci.low,
      high: c.ci.high,
      winner: c.winner,
      verdict: cell.verdict,
      cells: run.result!.cells.length,
    };
  }

  private summary(run: Run) {
    return {
      id: run.id,
      status: run.status,
      position: run.status === "queued" ? this.queue.indexOf(run) + 1 : null,
      preset: run.preset,
      workloads: run.spec.workloads,
      cacheModes: run.spec.cacheModes,
      createdAt: new Date(run.createdAt).toISOString(),
      startedAt: run.startedAt ? new Date(run.startedAt).toISOString() : null,
      finishedAt: run.finishedAt ? new Date(run.finishedAt).toISOString() : null,
      reason: run.reason,
      headline: this.headline(run),
      imported: run.imported,
    };
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const parts = url.pathname.split("/").filter(Boolean);
    const method = req.method ?? "GET";
    if (parts[0] !== "api") return send(res, 404, { error: { code: "not_found", message: "not found" } });
    const [, resource, id, action] = parts;

    if (method === "GET" && resource === "presets") {
      return send(
        res,
        200,
        presets.map((p) => ({
          name: p.name,
          title: p.title,
          description: p.description,
          study: p.name.startsWith("study-") ? p.name.slice(6) : null,
          spec: p.spec,
          published: p.published ?? [],
          notes: p.notes,
        })),
      );
    }
    if (method === "GET" && resource === "catalog") {
      return send(res, 200, {
        workloads: workloads.map((w) => ({
          id: w.id,
          label: w.label,
          study: w.study,
          description: w.description,
          usesCache: w.usesCache,
          streaming: w.streaming,
        })),
      });
    }
    if (method === "GET" && resource === "spec-schema") {
      const defaults = runSpecSchema.parse({ workloads: ["noop"] });
      const { workloads: _w, ...rest } = defaults;
      return send(res, 200, { bounds: specBounds, defaults: rest, cacheModes, maxTotalRunMs: MAX_TOTAL_RUN_MS });
    }
    if (method === "POST" && resource === "results") {
      try {
        const result = parseRunResult(await body(req));
        const run = this.newRun(result.spec, result.spec.preset ?? null);
        run.status = "done";
        run.imported = true;
        run.result = { ...result, importedAt: new Date().toISOString() };
        run.finishedAt = Date.now();
        this.log(run, "status", {
          status: "done",
          position: null,
          reason: null,
          headline: null,
          at: new Date().toISOString(),
        });
        return send(res, 201, { id: run.id });
      } catch (error) {
        return send(res, 400, { error: { code: "invalid_result", message: (error as Error).message } });
      }
    }
    if (resource !== "runs") return send(res, 404, { error: { code: "not_found", message: "not found" } });

    if (method === "POST" && !id) return this.start(req, res);
    if (method === "GET" && !id) {
      const list = [...this.runs.values()].sort((a, b) => b.createdAt - a.createdAt).map((r) => this.summary(r));
      return send(res, 200, list);
    }
    const run = id ? this.runs.get(id) : undefined;
    if (!run) return send(res, 404, { error: { code: "not_found", message: "no run with this id" } });
    if (method === "GET" && !action) {
      return send(res, 200, {
        ...this.summary(run),
        spec: run.spec,
        importedAt: run.result?.importedAt ?? null,
        live:
          run.status === "running"
            ? {
                phase: "measuring",
                message: null,
                cell: null,
                progress: run.progress,
                errors: 0,
                warnings: [],
                cancelRequested: run.cancel,
              }
            : null,
        lastEventId: run.events.at(-1)?.id ?? null,
        result: run.status === "done" ? run.result : null,
      });
    }
    if (method === "GET" && action === "result") {
      return run.result
        ? send(res, 200, run.result)
        : send(res, 409, { error: { code: "not_finished", message: `run is ${run.status}` } });
    }
    if (method === "POST" && action === "cancel") {
      run.cancel = true;
      if (run.status === "queued") {
        this.queue.splice(this.queue.indexOf(run), 1);
        this.finish(run, "cancelled", "cancelled while queued");
      }
      return send(res, 202, { id: run.id, outcome: "cancelling" });
    }
    if (method === "GET" && action === "events") return this.events(req, res, run);
    return send(res, 404, { error: { code: "not_found", message: "not found" } });
  }

  private async start(req: IncomingMessage, res: ServerResponse) {
    const request = (await body(req)) as { preset?: string; spec?: Record<string, unknown> };
    const fields: { path: string; message: string }[] = [];
    if (request.preset !== undefined && !findPreset(request.preset))
      fields.push({ path: "preset", message: `unknown preset "${request.preset}"` });
    const checked = runSpecSchema.partial().safeParse(request.spec ?? {});
    if (!checked.success)
      for (const i of checked.error.issues) fields.push({ path: ["spec", ...i.path].join("."), message: i.message });
    if (fields.length > 0)
      return send(res, 400, {
        error: { code: "invalid_request", message: `invalid run request: ${fields.length} fields are invalid`, fields },
      });
    let spec: RunSpec;
    try {
      spec = request.preset
        ? specFromPreset(request.preset, (request.spec ?? {}) as never)
        : runSpecSchema.parse(request.spec ?? {});
    } catch (error) {
      return send(res, 400, {
        error: {
          code: "invalid_request",
          message: (error as Error).message,
          fields: [{ path: "spec", message: (error as Error).message }],
        },
      });
    }
    const run = this.newRun(spec, request.preset ?? null);
    this.queue.push(run);
    const position = this.queue.length;
    this.log(run, "status", { status: "queued", position, reason: null, headline: null, at: new Date().toISOString() });
    send(res, 202, { id: run.id, status: "queued", position });
    void this.pump();
  }

  private events(req: IncomingMessage, res: ServerResponse, run: Run) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const lastHeader = req.headers["last-event-id"];
    const lastId = typeof lastHeader === "string" && /^\d+$/.test(lastHeader) ? Number(lastHeader) : 0;
    let sent = 0;
    const write = (e: Logged) => {
      res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
      sent += 1;
      const final = e.type === "status" && ["done", "failed", "cancelled"].includes(String(e.data.status));
      if (final || (this.dropAfterEvents > 0 && sent >= this.dropAfterEvents)) {
        run.listeners.delete(write);
        res.end();
      }
    };
    for (const e of run.events.filter((x) => x.id > lastId)) {
      if (res.writableEnded) return;
      write(e);
    }
    if (res.writableEnded) return;
    run.listeners.add(write);
    req.on("close", () => run.listeners.delete(write));
  }

  private finish(run: Run, status: Status, reason: string | null) {
    run.status = status;
    run.reason = reason;
    run.finishedAt = Date.now();
    this.log(run, "status", {
      status,
      position: null,
      reason,
      headline: this.headline(run),
      at: new Date().toISOString(),
    });
  }

  private async pump() {
    if (this.busy) return;
    this.busy = true;
    while (this.queue.length > 0) {
      const run = this.queue.shift()!;
      this.queue.forEach((waiting, i) =>
        this.log(waiting, "status", {
          status: "queued",
          position: i + 1,
          reason: null,
          headline: null,
          at: new Date().toISOString(),
        }),
      );
      try {
        await this.simulate(run);
      } catch (error) {
        this.finish(run, "failed", (error as Error).message);
      }
    }
    this.busy = false;
  }

  private async simulate(run: Run) {
    const { spec } = run;
    run.status = "running";
    run.startedAt = Date.now();
    this.log(run, "status", {
      status: "running",
      position: null,
      reason: null,
      headline: null,
      at: new Date().toISOString(),
    });
    this.log(run, "phase", { phase: "services", message: "REST and gRPC services ready" });
    this.log(run, "phase", { phase: "preflight", message: "both protocols answer the same data" });
    this.log(run, "phase", { phase: "measuring", message: "measuring" });

    const cells: { workload: string; cacheMode: "warm" | "cold" | "miss" | "none" }[] = [];
    for (const w of spec.workloads) {
      for (const mode of findWorkload(w)?.usesCache ? spec.cacheModes : (["none"] as const))
        cells.push({ workload: w, cacheMode: mode });
    }
    const warmupSeconds = Math.ceil(spec.warmupMs / 1000);
    const seconds = Math.max(1, Math.round(spec.durationMs / 1000));
    const total = cells.length * spec.trials * 2;
    const totalSeconds = total * (warmupSeconds + seconds);
    let index = 0;
    let elapsedSeconds = 0;
    for (const cell of cells) {
      for (let trial = 1; trial <= spec.trials; trial++) {
        const order = trial % 2 === 1 ? (["rest", "grpc"] as const) : (["grpc", "rest"] as const);
        for (const protocol of order) {
          index += 1;
          const ref = { ...cell, trial, trials: spec.trials, protocol, index, total };
          this.log(run, "cell-start", { cell: ref, warmupMs: spec.warmupMs, durationMs: spec.durationMs });
          const base = protocol === "rest" ? 9000 : 12500;
          const p50 = protocol === "rest" ? 0.42 : 0.31;
          for (let s = 0; s < warmupSeconds + seconds; s++) {
            if (run.cancel) return this.finish(run, "cancelled", "cancelled by request");
            await sleep(this.tickMs);
            const jitter = 0.9 + Math.random() * 0.2;
            const errors = protocol === "grpc" && cell.workload === "echo" && s === warmupSeconds + 1 ? 3 : 0;
            this.log(run, "sample", {
              cell: ref,
              second: s,
              requests: Math.round(base * jitter * (s < warmupSeconds ? 0.8 : 1)),
              errors,
              p50Ms: +(p50 * jitter).toFixed(3),
              p99Ms: +(p50 * 3.2 * jitter).toFixed(3),
              warmup: s < warmupSeconds,
            });
            elapsedSeconds += 1;
            run.progress = {
              fraction: elapsedSeconds / totalSeconds,
              elapsedMs: elapsedSeconds * 1000,
              remainingMs: (totalSeconds - elapsedSeconds) * 1000,
            };
            this.log(run, "progress", run.progress);
          }
          this.log(run, "cell-end", { cell: ref, rps: base, p50Ms: p50, p99Ms: p50 * 3.1, errors: 0 });
        }
      }
    }
    if (this.options.hold) await new Promise<void>((resolve) => this.held.set(run.id, resolve));
    this.log(run, "phase", { phase: "aggregating", message: "bootstrapping confidence intervals" });
    run.result = withPublishedFigures(
      buildResult(spec, {
        id: run.id,
        seed: run.createdAt % 1000,
        samplesPerTrial: 1500,
        createdAt: new Date(run.startedAt).toISOString(),
      }),
    );
    this.finish(run, "done", null);
  }
}
