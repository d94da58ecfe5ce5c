/**
 * The conformance of another runtime's stacks (Java: spring, grpc-java; Python: fastapi, flask,
 * grpcio) against the Node ones, each server started once for its test file by its start script
 * (runtime-servers.ts) beside the Node services in this process (stack.ts), all over the same
 * Redis and database:
 * - the same data as grpc-js for every workload the stack serves, in every cache mode it uses;
 * - the same refusals of bad input as the Node stack of its family (express, grpc-js);
 * - the cache mode and server delay of each request honoured, and the delay's bound refused alike;
 * - /healthz, /readyz, and /stats counting the calls made, with server time, CPU and peak RSS;
 * - a workload it does not serve refused before a run (the runner's rule) and unanswered by it;
 * - SIGTERM: calls in flight answered, then the process exits on its own.
 * Where a Node stack answers the same input, its answer at the time of the test is the expectation,
 * never a copy of it.
 */
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { status as grpcStatus, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cacheModes,
  DEFAULT_PAIR,
  defaultWorkloadParams,
  DELAY_HEADER,
  firstDifference,
  getWorkload,
  MAX_DELAY_MS,
  MAX_MESSAGE_BYTES,
  stackRecord,
  stacksOfRuntime,
  workloads,
  type CacheMode,
  type StackId,
  type Workload,
} from "@relix/core";
import type { CallContext } from "@relix/core/calls/call-context";
import { restRequestOf } from "@relix/core/catalog/rest-request";
import { stackServesWorkload, unservedWorkloadReasons, unservedWorkloads } from "@relix/core/stacks/stack-workloads";
import { KEEP_INTERVAL_HEADER } from "@relix/io/telemetry/interval-keep";
import { PEAK_RSS_RESET_HEADER } from "@relix/io/telemetry/peak-rss-reset";
import { grpcBadInputs, restBadInputs } from "./bad-input-cases";
import { callStack, stackRequest, type StackAddresses } from "./http-stack-client";
import { runtimeNotBuilt, startRuntimeServers, type OtherRuntime, type RuntimeServers } from "./runtime-servers";
import { databaseUrl, startStack, type Stack } from "./stack";

const json = "application/json";

/** What a stack answered: an HTTP status and body, or a gRPC status (OK with the decoded reply). */
type Answer = { status: number; data: unknown } | { code: string; details: string };

const isServiceError = (error: unknown): error is ServiceError =>
  error instanceof Error && typeof (error as Partial<ServiceError>).code === "number";

/** One call through the client the runner's preflight uses; a gRPC error becomes its code and details. */
async function answerOf(
  addresses: StackAddresses,
  stack: StackId,
  workload: Workload,
  request: unknown,
  ctx: CallContext,
): Promise<Answer> {
  try {
    const { status, data } = await callStack(addresses, stack, workload, request, ctx);
    return { status, data };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { code: grpcStatus[error.code], details: error.details };
  }
}

/** The workload with its gRPC message replaced: these messages are deliberately invalid. */
const withMessage = (workloadId: string, message: Record<string, unknown>): Workload => {
  const workload = getWorkload(workloadId);
  return { ...workload, grpc: { ...workload.grpc, build: () => message } };
};

/**
 * Refusals known to differ from the Node stack's, each documented in its runtime's README: still a
 * 4xx with Node's status, but not Node's JSON error.
 */
const KNOWN_DIFFERENCES: Partial<Record<StackId, Record<string, string>>> = {
  spring: {
    "undecodable path":
      "Tomcat refuses a path it cannot decode with its own HTML page before Spring MVC sees it (services/java/README.md)",
  },
};

interface Stats {
  stack: string;
  pid: number;
  cpu: { userUs: number; systemUs: number };
  rss: { currentBytes: number; peakBytes: number; peakSinceMs: number };
  requests: { requests: number; errors: number; serverTimeUs: number };
  split: { serviceUs: number; codecUs: number; restUs: number };
  cache: { hit: number; miss: number; bypass: number; error: number };
}

/** Reads /stats as the runner reads it between slices (leaving the live interval to its poll). */
async function readStats(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: { [KEEP_INTERVAL_HEADER]: "1", ...init.headers },
  });
  expect(response.status, url).toBe(200);
  return (await response.json()) as Stats;
}

/** A process's parent, from /proc (Linux, as the runner reads it). */
function parentPid(pid: number): number | undefined {
  try {
    // The command name in parentheses may hold spaces: the fields after its closing one are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/** Whether something accepts TCP connections at host:port. */
function accepts(address: string): Promise<boolean> {
  const [host, port] = [
    address.slice(0, address.lastIndexOf(":")),
    Number(address.slice(address.lastIndexOf(":") + 1)),
  ];
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/**
 * A sample's value from Prometheus text, matched by name and every one of `labels` (`a="x",b="y"`),
 * in whatever order the server writes its labels; undefined when there is none.
 */
function sampleOf(text: string, name: string, labels: string): number | undefined {
  const wanted = labels.split(/,(?=\w+=")/);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const close = line.lastIndexOf("}");
    const have = new Set(line.slice(name.length + 1, close).split(/,(?=\w+=")/));
    if (wanted.every((label) => have.has(label))) return Number(line.slice(close + 1).trim());
  }
  return undefined;
}

const cacheDelta = (before: Stats, after: Stats) =>
  Object.fromEntries(
    (["hit", "miss", "bypass", "error"] as const).map((event) => [event, after.cache[event] - before.cache[event]]),
  );

/** Declares the whole suite for one runtime; skipped, saying why, when its servers are not built here. */
export function describeRuntimeConformance(runtime: OtherRuntime): void {
  const stacks = stacksOfRuntime(runtime);
  const notBuilt = runtimeNotBuilt(runtime);
  if (notBuilt) {
    console.warn(`skipping the ${runtime} stacks' conformance: ${notBuilt}`);
    describe.skip(`${runtime} stacks: ${notBuilt}`, () => {
      it(`answer as the Node stacks do (${stacks.join(", ")})`, () => {});
    });
    return;
  }

  let node: Stack;
  let servers: RuntimeServers;
  /** Every stack of both, so one call reaches any of them by id. */
  let all: StackAddresses;
  /** The Node stack of a stack's family: what its answers are held to. */
  const nodeOf = (stack: StackId): StackId => DEFAULT_PAIR[stackRecord(stack).family];
  const statsUrlOf = (stack: StackId) =>
    stack === DEFAULT_PAIR.rest
      ? `${node.restUrl}/stats`
      : stack === DEFAULT_PAIR.grpc
        ? `${node.grpcMetricsUrl}/stats?stack=${stack}`
        : servers.statsUrl(stack);

  beforeAll(async () => {
    // One database for both, seeded once (the other runtime's servers do not seed).
    const mysqlUrl = databaseUrl(`relix_${runtime}_stacks`);
    node = await startStack({ MYSQL_URL: mysqlUrl });
    servers = await startRuntimeServers(runtime, mysqlUrl);
    all = { addresses: { ...node.addresses, ...servers.addresses } };
  }, 180_000);
  afterAll(async () => {
    await servers?.stop();
    await node?.close();
  }, 30_000);

  describe(`${runtime}: every workload each stack serves, the same data as grpc-js`, () => {
    const params = { ...defaultWorkloadParams, payloadBytes: 64 * 1024, keyCount: 2 };
    for (const stack of stacks) {
      for (const workload of workloads.filter((w) => stackServesWorkload(stack, w.id))) {
        const modes: readonly CacheMode[] = workload.usesCache ? cacheModes : ["warm"];
        it(`${stack}: ${workload.id} (${workload.usesCache ? modes.join(", ") : "no cache"})`, async () => {
          for (const cacheMode of modes) {
            for (const request of workload.requests(params).slice(0, 2)) {
              const ctx = { cacheMode, delayMs: 0 };
              const viaGrpcJs = await callStack(all, DEFAULT_PAIR.grpc, workload, request, ctx);
              const answer = await callStack(all, stack, workload, request, ctx);
              expect(answer.status, cacheMode).toBe(200);
              if (stackRecord(stack).family === "rest") {
                expect(answer.contentType, cacheMode).toContain(workload.streaming ? "ndjson" : json);
              }
              expect(firstDifference(answer.data, viaGrpcJs.data), cacheMode).toBeNull();
            }
          }
        });
      }
    }
  });

  describe(`${runtime}: bad input refused as the Node stack of the same family refuses it`, () => {
    for (const stack of stacks.filter((s) => stackRecord(s).family === "rest")) {
      const cases = restBadInputs.filter((c) => c.workload === undefined || stackServesWorkload(stack, c.workload));
      for (const { name, request } of cases) {
        const known = KNOWN_DIFFERENCES[stack]?.[name];
        it(`${stack}: ${name} (${request.method} ${request.path.slice(0, 40)})${known ? `: a known difference, ${known}` : ""}`, async () => {
          const expected = await stackRequest(all, DEFAULT_PAIR.rest, request);
          const answer = await stackRequest(all, stack, request);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          expect(answer.status).toBe(expected.status);
          if (known) {
            // Held to what it does instead, so that a fix shows here and the entry goes.
            expect(answer.contentType, "now a JSON error: remove it from KNOWN_DIFFERENCES").not.toContain(json);
            return;
          }
          expect(answer.contentType).toContain(json);
          // The error's code, message and field: what a client shows its user.
          expect(JSON.parse(answer.body.toString("utf8"))).toEqual(JSON.parse(expected.body.toString("utf8")));
        });
      }
    }
    for (const stack of stacks.filter((s) => stackRecord(s).family === "grpc")) {
      const cases = grpcBadInputs.filter((c) => stackServesWorkload(stack, c.workload));
      for (const { name, workload, message, cacheMode } of cases) {
        it(`${stack}: ${name} (${workload})`, async () => {
          const ctx = { cacheMode: (cacheMode ?? "warm") as CacheMode, delayMs: 0 };
          const expected = await answerOf(all, DEFAULT_PAIR.grpc, withMessage(workload, message), {}, ctx);
          const answer = await answerOf(all, stack, withMessage(workload, message), {}, ctx);
          expect(answer).toEqual(expected);
          expect(["INVALID_ARGUMENT", "NOT_FOUND"]).toContain((answer as { code: string }).code);
        });
      }
      if (stackServesWorkload(stack, "upload")) {
        it(`${stack}: a message over the limit is RESOURCE_EXHAUSTED (in the runtime's own words)`, async () => {
          const answer = await answerOf(
            all,
            stack,
            withMessage("upload", { payload: Buffer.alloc(MAX_MESSAGE_BYTES + 1, 1) }),
            {},
            { cacheMode: "warm", delayMs: 0 },
          );
          expect(answer).toMatchObject({ code: "RESOURCE_EXHAUSTED" });
        });
      }
    }
  });

  describe(`${runtime}: the cache mode and the server delay of each request`, () => {
    stacks.forEach((stack, index) => {
      it(`${stack}: cold bypasses the cache, miss fills it, warm hits it, memory keeps its own (as ${nodeOf(stack)})`, async () => {
        // An item no other test reads, so the process-local cache of mode memory starts empty for it.
        const request = { id: 900 + index };
        const sequence: CacheMode[] = ["cold", "miss", "warm", "memory", "memory"];
        const deltas = [];
        for (const id of [nodeOf(stack), stack]) {
          const before = await readStats(statsUrlOf(id));
          for (const cacheMode of sequence) {
            const answer = await callStack(all, id, getWorkload("item.get"), request, { cacheMode, delayMs: 0 });
            expect(answer.status, `${id} ${cacheMode}`).toBe(200);
          }
          deltas.push(cacheDelta(before, await readStats(statsUrlOf(id))));
        }
        expect(deltas[1]).toEqual(deltas[0]);
        expect(deltas[1]).toEqual({ bypass: 1, miss: 2, hit: 2, error: 0 });
      });

      it(`${stack}: a delay asked for shows in the latency; one over ${MAX_DELAY_MS} ms is refused as ${nodeOf(stack)} refuses it`, async () => {
        // Study 001's simple call, where the server sleeps the delay before it answers.
        const echo = getWorkload("echo");
        const [request] = echo.requests(defaultWorkloadParams);
        const timed = async (delayMs: number) => {
          const started = performance.now();
          const answer = await callStack(all, stack, echo, request, { cacheMode: "warm", delayMs });
          expect(answer.status).toBe(200);
          return performance.now() - started;
        };
        await timed(0);
        const undelayed = await timed(0);
        const delayed = await timed(250);
        expect(delayed).toBeGreaterThanOrEqual(250);
        // Milliseconds, not another unit: the delay is what was asked, plus a call's own time.
        expect(delayed).toBeLessThan(250 + undelayed + 1_000);

        const over = { cacheMode: "warm" as const, delayMs: MAX_DELAY_MS + 1 };
        const expected = await answerOf(all, nodeOf(stack), echo, request, over);
        const answer = await answerOf(all, stack, echo, request, over);
        expect(answer).toEqual(expected);
        expect(JSON.stringify(answer)).toMatch(/400|INVALID_ARGUMENT/);
        expect(JSON.stringify(answer)).toContain(DELAY_HEADER);
      });

      if (stackServesWorkload(stack, "stream")) {
        it(`${stack}: a stream asking for more server delay in all than a request may is refused at once`, async () => {
          const ctx = { cacheMode: "warm" as const, delayMs: 1_000 };
          const request = { numberOfMessages: 11 };
          const started = performance.now();
          const expected = await answerOf(all, nodeOf(stack), getWorkload("stream"), request, ctx);
          const answer = await answerOf(all, stack, getWorkload("stream"), request, ctx);
          expect(answer).toEqual(expected);
          expect(JSON.stringify(answer)).toContain(DELAY_HEADER);
          expect(performance.now() - started, "refused up front, not after sleeping").toBeLessThan(5_000);
        });
      }
    });
  });

  describe(`${runtime}: health, readiness and the counters the runner reads`, () => {
    for (const stack of stacks) {
      it(`${stack}: /healthz and /readyz answer 200, every time they are asked`, async () => {
        const base = servers.serverOf(stack).operationsUrl;
        for (const path of ["/healthz", "/readyz"]) {
          // Asked repeatedly: a readiness that flaps sends a balancer's or a runner's traffic away.
          const refusals: unknown[] = [];
          let body: unknown;
          for (let i = 0; i < 50; i++) {
            const response = await fetch(`${base}${path}`);
            expect(response.headers.get("content-type"), path).toContain(json);
            body = await response.json();
            if (response.status !== 200) refusals.push({ attempt: i, status: response.status, body });
          }
          expect(refusals, `${path}: the answers that were not 200`).toEqual([]);
          if (stackRecord(stack).family === "rest") {
            // The same body as Express's (the Node gRPC API's side port serves no /readyz to compare).
            const express = await fetch(`${node.restUrl}${path}`);
            expect(body, path).toEqual(await express.json());
          }
        }
      });

      it(`${stack}: /stats counts the calls made, with server time, CPU and peak RSS, from its own process`, async () => {
        const url = servers.statsUrl(stack);
        const before = await readStats(url);
        const noop = getWorkload("noop");
        for (let i = 0; i < 5; i++) await callStack(all, stack, noop, {});
        await callStack(all, stack, getWorkload("item.get"), { id: 1 });
        // A server may hand the reply over before it counts the call (spring's filter counts once
        // Tomcat has the whole body, which can already be on its way): read again for up to a second.
        let after = await readStats(url);
        for (let i = 0; i < 20 && after.requests.requests - before.requests.requests < 6; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          after = await readStats(url);
        }

        expect(after.stack).toBe(stack);
        // The process started for the test answers, or its worker (gunicorn's), as the runner accepts.
        const started = servers.serverOf(stack).child.pid;
        expect([after.pid, parentPid(after.pid)], "the process started for the test").toContain(started);
        expect(after.requests.requests - before.requests.requests).toBe(6);
        expect(after.requests.errors - before.requests.errors).toBe(0);
        const serverTimeUs = after.requests.serverTimeUs - before.requests.serverTimeUs;
        expect(serverTimeUs).toBeGreaterThan(0);
        const split = after.split.serviceUs + after.split.codecUs + after.split.restUs;
        expect(Math.abs(split - after.requests.serverTimeUs), "the split adds up to the server time").toBeLessThan(10);
        expect(after.cpu.userUs + after.cpu.systemUs).toBeGreaterThan(0);
        expect(after.cpu.userUs + after.cpu.systemUs).toBeGreaterThanOrEqual(before.cpu.userUs + before.cpu.systemUs);
        expect(after.rss.currentBytes).toBeGreaterThan(0);
        expect(after.rss.peakBytes).toBeGreaterThanOrEqual(after.rss.currentBytes);

        // The runner's read before a trial: the snapshot as it was, then a new peak window.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const asked = Date.now();
        const reset = await readStats(url, { method: "POST", headers: { [PEAK_RSS_RESET_HEADER]: "1" } });
        expect(reset.rss.peakSinceMs).toBe(after.rss.peakSinceMs);
        expect((await readStats(url)).rss.peakSinceMs).toBeGreaterThanOrEqual(asked - 1);
      });

      it(`${stack}: /metrics counts the same calls under the Node services' names and labels`, async () => {
        // A gRPC process serves /metrics for all its stacks on its side port, beside /stats.
        const metricsUrl = new URL(servers.statsUrl(stack));
        metricsUrl.pathname = "/metrics";
        metricsUrl.search = "";
        const protocol = stackRecord(stack).family;
        const series = `stack="${stack}",workload="noop",outcome="ok",protocol="${protocol}"`;
        const read = async () => {
          const text = await (await fetch(metricsUrl)).text();
          return {
            noopCalls: sampleOf(text, "relix_server_duration_seconds_count", series) ?? 0,
            noopWithinTenSeconds: sampleOf(text, "relix_server_duration_seconds_bucket", `le="10",${series}`) ?? 0,
            hits: sampleOf(text, "relix_cache_events_total", `event="hit",protocol="${protocol}"`),
            serviceSeconds: sampleOf(
              text,
              "relix_server_split_seconds_total",
              `stack="${stack}",part="service",protocol="${protocol}"`,
            ),
            bytesSent: sampleOf(text, "relix_wire_bytes", `stack="${stack}",direction="sent",protocol="${protocol}"`),
            peakRss: sampleOf(text, "relix_peak_rss_bytes", `protocol="${protocol}"`),
          };
        };
        const before = await read();
        for (let i = 0; i < 5; i++) await callStack(all, stack, getWorkload("noop"), {});
        await callStack(all, stack, getWorkload("item.get"), { id: 1 });
        await callStack(all, stack, getWorkload("item.get"), { id: 1 });
        const after = await read();
        expect(after.noopCalls - before.noopCalls).toBe(5);
        // Buckets are cumulative: every one of these calls is within the 10 s bucket.
        expect(after.noopWithinTenSeconds - before.noopWithinTenSeconds).toBe(5);
        // The second warm read of the same id is a hit, counted under the protocol's label.
        expect(after.hits, 'relix_cache_events_total{event="hit"}').toBeDefined();
        expect(after.hits! - (before.hits ?? 0)).toBeGreaterThanOrEqual(1);
        expect(after.serviceSeconds!).toBeGreaterThan(before.serviceSeconds ?? 0);
        expect(after.bytesSent!, 'relix_wire_bytes{direction="sent"}').toBeGreaterThan(before.bytesSent ?? 0);
        expect(after.peakRss!, "relix_peak_rss_bytes").toBeGreaterThan(0);
      });
    }
  });

  describe(`${runtime}: a workload a stack does not serve`, () => {
    for (const stack of stacks) {
      const unserved = workloads.filter((w) => !stackServesWorkload(stack, w.id));
      it(`${stack}: is refused before a run, by name, and its server does not answer it (${unserved.length} workloads)`, async () => {
        for (const workload of unserved) {
          // The runner's refusal (stack-availability.ts checkStacksServeWorkloads), before anything is started.
          const [reason] = unservedWorkloadReasons(unservedWorkloads([stack], [workload.id]));
          expect(reason).toContain(`the ${stack} stack does not serve ${workload.id} (it serves `);
          // Were it measured anyway, it would count refusals, not answers.
          const [request] = workload.requests(defaultWorkloadParams);
          if (stackRecord(stack).family === "grpc") {
            const answer = await answerOf(all, stack, workload, request, { cacheMode: "warm", delayMs: 0 });
            expect(answer, workload.id).toMatchObject({ code: "UNIMPLEMENTED" });
          } else {
            // The route alone decides, so no body is sent: gunicorn answers an unknown route before
            // reading a chunked body and then closes the connection the client is still writing to.
            const { method, path } = restRequestOf(workload, request);
            const answer = await stackRequest(all, stack, { method, path });
            expect(answer.status, workload.id).toBe(404);
            expect(JSON.parse(answer.body.toString("utf8")), workload.id).toMatchObject({
              error: { code: "not_found" },
            });
          }
        }
      });
    }
  });

  describe(`${runtime}: SIGTERM`, () => {
    it(`answers the calls in flight, then each server exits on its own and its ports close`, async () => {
      // Calls the servers hold for 800 ms (echo's delay), still in flight when SIGTERM arrives at 200 ms.
      const echo = getWorkload("echo");
      const [request] = echo.requests(defaultWorkloadParams);
      const sent = performance.now();
      const inFlight = stacks.map(async (stack) => {
        const answer = await answerOf(all, stack, echo, request, { cacheMode: "warm", delayMs: 800 });
        return { answer, ms: performance.now() - sent };
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const exits = await servers.stop();
      const stoppedMs = performance.now() - started;
      for (const [i, { answer, ms }] of (await Promise.all(inFlight)).entries()) {
        expect(answer, stacks[i]).toMatchObject({ status: 200 });
        expect(ms, `${stacks[i]} answered after its delay`).toBeGreaterThanOrEqual(800);
      }
      for (const [process, exit] of Object.entries(exits)) {
        expect(exit.killed, `${process} needed SIGKILL`).toBe(false);
      }
      expect(stoppedMs).toBeLessThan(10_000);
      for (const stack of stacks) expect(await accepts(servers.addresses[stack]!), `${stack}'s port`).toBe(false);
    });
  });
}
