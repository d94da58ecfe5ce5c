import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAIR,
  defaultWorkloadParams,
  DELAY_HEADER,
  getWorkload,
  MAX_DELAY_MS,
  stackRecord,
  type CacheMode,
  type StackId,
} from "@relix/core";
import { stackServesWorkload } from "@relix/core/stacks/stack-workloads";
import { callStack } from "../http-stack-client";
import { answerOf } from "./answers";
import { readStats, type Stats } from "./stats";
import type { RuntimeSuite } from "./suite";

/** The Node stack of a stack's family: what its answers are held to. */
const nodeOf = (stack: StackId): StackId => DEFAULT_PAIR[stackRecord(stack).family];

/** Where a stack's /stats are read, a Node stack's included. */
const statsUrlOf = (suite: RuntimeSuite, stack: StackId) =>
  stack === DEFAULT_PAIR.rest
    ? `${suite.node.restUrl}/stats`
    : stack === DEFAULT_PAIR.grpc
      ? `${suite.node.grpcMetricsUrl}/stats?stack=${stack}`
      : suite.servers.statsUrl(stack);

const cacheDelta = (before: Stats, after: Stats) =>
  Object.fromEntries(
    (["hit", "miss", "bypass", "error"] as const).map((event) => [event, after.cache[event] - before.cache[event]]),
  );

function itHonoursCacheModes(suite: RuntimeSuite, stack: StackId, index: number): void {
  it(`${stack}: cold bypasses the cache, miss fills it, warm hits it, memory keeps its own (as ${nodeOf(stack)})`, async () => {
    // An item no other test reads, so the process-local cache of mode memory starts empty for it.
    const request = { id: 900 + index };
    const sequence: CacheMode[] = ["cold", "miss", "warm", "memory", "memory"];
    const deltas = [];
    for (const id of [nodeOf(stack), stack]) {
      const before = await readStats(statsUrlOf(suite, id));
      for (const cacheMode of sequence) {
        const answer = await callStack(suite.all, id, getWorkload("item.get"), request, { cacheMode, delayMs: 0 });
        expect(answer.status, `${id} ${cacheMode}`).toBe(200);
      }
      deltas.push(cacheDelta(before, await readStats(statsUrlOf(suite, id))));
    }
    expect(deltas[1]).toEqual(deltas[0]);
    expect(deltas[1]).toEqual({ bypass: 1, miss: 2, hit: 2, error: 0 });
  });
}

function itHonoursDelay(suite: RuntimeSuite, stack: StackId): void {
  it(`${stack}: a delay asked for shows in the latency; one over ${MAX_DELAY_MS} ms is refused as ${nodeOf(stack)} refuses it`, async () => {
    // Study 001's simple call, where the server sleeps the delay before it answers.
    const echo = getWorkload("echo");
    const [request] = echo.requests(defaultWorkloadParams);
    const timed = async (delayMs: number) => {
      const started = performance.now();
      const answer = await callStack(suite.all, stack, echo, request, { cacheMode: "warm", delayMs });
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
    const expected = await answerOf(suite.all, nodeOf(stack), echo, request, over);
    const answer = await answerOf(suite.all, stack, echo, request, over);
    expect(answer).toEqual(expected);
    expect(JSON.stringify(answer)).toMatch(/400|INVALID_ARGUMENT/);
    expect(JSON.stringify(answer)).toContain(DELAY_HEADER);
  });
}

function itRefusesStreamDelayOverBound(suite: RuntimeSuite, stack: StackId): void {
  it(`${stack}: a stream asking for more server delay in all than a request may is refused at once`, async () => {
    const ctx = { cacheMode: "warm" as const, delayMs: 1_000 };
    const request = { numberOfMessages: 11 };
    const started = performance.now();
    const expected = await answerOf(suite.all, nodeOf(stack), getWorkload("stream"), request, ctx);
    const answer = await answerOf(suite.all, stack, getWorkload("stream"), request, ctx);
    expect(answer).toEqual(expected);
    expect(JSON.stringify(answer)).toContain(DELAY_HEADER);
    expect(performance.now() - started, "refused up front, not after sleeping").toBeLessThan(5_000);
  });
}

/** The cache mode and the server delay of each request honoured, and the delay's bound refused alike. */
export function describeCacheModeAndDelay(suite: RuntimeSuite): void {
  describe(`${suite.runtime}: the cache mode and the server delay of each request`, () => {
    suite.stacks.forEach((stack, index) => {
      itHonoursCacheModes(suite, stack, index);
      itHonoursDelay(suite, stack);
      if (stackServesWorkload(stack, "stream")) itRefusesStreamDelayOverBound(suite, stack);
    });
  });
}
