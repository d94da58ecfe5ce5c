import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { getWorkload, stackRecord, type StackId } from "@relix/core";
import { PEAK_RSS_RESET_HEADER } from "@relix/io/telemetry/peak-rss-reset";
import { callStack } from "../http-stack-client";
import { readStats } from "./stats";
import type { RuntimeSuite } from "./suite";

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

/** /stats: the calls made, with server time, CPU and peak RSS, from the process started for the test. */
export function itCountsStats(suite: RuntimeSuite, stack: StackId): void {
  it(`${stack}: /stats counts the calls made, with server time, CPU and peak RSS, from its own process`, async () => {
    const url = suite.servers.statsUrl(stack);
    const before = await readStats(url);
    const noop = getWorkload("noop");
    for (let i = 0; i < 5; i++) await callStack(suite.all, stack, noop, {});
    await callStack(suite.all, stack, getWorkload("item.get"), { id: 1 });
    // A server may hand the reply over before it counts the call (spring's filter counts once
    // Tomcat has the whole body, which can already be on its way): read again for up to a second.
    let after = await readStats(url);
    for (let i = 0; i < 20 && after.requests.requests - before.requests.requests < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await readStats(url);
    }

    expect(after.stack).toBe(stack);
    // The process started for the test answers, or its worker (gunicorn's), as the runner accepts.
    const started = suite.servers.serverOf(stack).child.pid;
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
}

/** /metrics: the same calls under the Node services' metric names and labels. */
export function itCountsMetrics(suite: RuntimeSuite, stack: StackId): void {
  it(`${stack}: /metrics counts the same calls under the Node services' names and labels`, async () => {
    // A gRPC process serves /metrics for all its stacks on its side port, beside /stats.
    const metricsUrl = new URL(suite.servers.statsUrl(stack));
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
    for (let i = 0; i < 5; i++) await callStack(suite.all, stack, getWorkload("noop"), {});
    await callStack(suite.all, stack, getWorkload("item.get"), { id: 1 });
    await callStack(suite.all, stack, getWorkload("item.get"), { id: 1 });
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
