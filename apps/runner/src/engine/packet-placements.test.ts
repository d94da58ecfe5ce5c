/**
 * Placements over the packet-level emulator, end to end and as root: a real link (a namespace,
 * a veth to the host's namespace, the packet-delay helpers on both sides), the real services
 * started by the run on the link's address over the test Redis and MariaDB, and the real
 * autocannon and ghz on the link's client side. What is asserted is what a user reads in the
 * result, and that nothing of the link is left however a run ends.
 */
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { runSpecSchema, type RunResult } from "@relix/core";
import { getFreePort } from "@relix/io/backends";
import { detectPacketEmulation } from "@relix/io/network/packet/index";
import { AllPlacementsRefusedError, runBenchmark } from "./run-benchmark";
import { RunCancelledError, type RunEvent } from "./run-events";
import type { ServiceTargets } from "./launch/targets";
import { testEngineContext } from "./testing/engine-context";

const emulation = await detectPacketEmulation(process.env, { trial: false });
const ownTag = `relix-${process.pid}-`;

const freeTargets = async (): Promise<ServiceTargets> => {
  const [restPort, grpcPort, grpcMetricsPort] = await Promise.all([getFreePort(), getFreePort(), getFreePort()]);
  return {
    host: "127.0.0.1",
    restPort,
    grpcPort,
    grpcMetricsPort,
    stackPorts: {},
  };
};

const specWith = (network: unknown[], overrides: Record<string, unknown> = {}) =>
  runSpecSchema.parse({
    workloads: ["noop"],
    cacheModes: ["warm"],
    connections: 1,
    grpcConnections: 1,
    warmupMs: 300,
    durationMs: 1_000,
    trials: 1,
    keyCount: 10,
    network,
    emulator: "packet",
    ...overrides,
  });

const sbin = (tool: string) => `/usr/sbin/${tool}`;
/**
 * What of this process's links the host still has: namespaces and rules, both named after this
 * process (a link's veth goes with its namespace; host-link.test.ts checks that too).
 */
function leftovers(): string[] {
  const namespaces = execFileSync(sbin("ip"), ["netns", "list"], { encoding: "utf8" });
  const rules = execFileSync(sbin("iptables"), ["-w", "5", "-t", "raw", "-S"], { encoding: "utf8" });
  return [
    ...namespaces.split("\n").filter((line) => line.startsWith(ownTag)),
    ...rules.split("\n").filter((line) => line.includes(ownTag)),
  ];
}

const placementOf = (result: RunResult, name: string) => result.placements!.find((p) => p.name === name)!;
const p50 = (result: RunResult, protocol: "rest" | "grpc") => result.cells[0]![protocol].latencyMs.p50;

describe.skipIf(!emulation.usable)("placements over the packet-level emulator", () => {
  afterEach(() => {
    expect(leftovers()).toEqual([]);
  });

  it("measures same-zone within its tolerance, names the emulator and leaves nothing behind", async () => {
    const context = await testEngineContext(await freeTargets());
    // ±0.05 ms is tight on two cores the other test files keep busy: the runner refuses a placement
    // whose probes a busy machine delayed (it retries its probes first). A refusal for that reason is
    // the runner doing its job, not the link missing. A calibration taken in a busy spell leaves too
    // little delay for a quieter moment after it (0.428 ms against 0.5, calibrated at 30 µs each way,
    // three runs in a row once on CI), so up to six runs, two seconds apart for a busy spell to pass;
    // a miss on all six fails.
    let result: RunResult | null = null;
    const refusals: string[] = [];
    for (let attempt = 1; attempt <= 6 && result === null; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 2_000));
      try {
        result = await runBenchmark(specWith(["same-zone"]), { context });
      } catch (error) {
        if (!(error instanceof AllPlacementsRefusedError)) throw error;
        refusals.push(error.message);
      }
    }
    if (result === null) throw new Error(`same-zone refused six times: ${refusals.join(" | ")}`);
    const sameZone = placementOf(result, "same-zone");
    expect(sameZone.reason).toBeUndefined();
    expect(sameZone.status).toBe("measured");
    expect(sameZone.emulator).toBe("packet-delay");
    expect(sameZone.emulatorVersion).toMatch(/^\d+\.\d+/);
    expect(Math.abs(sameZone.measuredRttMs! - 0.5)).toBeLessThanOrEqual(0.05);
    expect(sameZone.measuredConnectMs).not.toBeNull();
    expect(sameZone.notReproduced).toMatch(/no loss/);
    expect(sameZone.emulatorCost?.packets).toBeGreaterThan(0);
    // Every call crosses the link and is held there: the helpers held at least a request and a reply
    // packet for each REST call of the window (one call at a time on each keep-alive connection).
    // Not a latency comparison: the delay is calibrated so that a Node probe's round trip reads
    // 0.5 ms, the machine's own share included (docs/packet-emulator.md), so a calibration in a busy
    // moment leaves little of it to the link, and p50s of two windows minutes apart on two loaded
    // cores differ by more than that (0.929 against 0.91 ms with nothing held, once on CI; 0.379 ms
    // once at same-zone). The 20 ms test below checks the delay each call carries.
    const cell = result.cells[0]!;
    const tools = cell.toolClients ?? cell;
    for (const protocol of ["rest", "grpc"] as const) {
      const acrossBare = result.emulatorOverhead!.protocols[protocol]!.proxied.p50Ms;
      console.log(
        `same-zone noop ${protocol} p50: ${tools[protocol].generator.tool} ${tools[protocol].latencyMs.p50} ms, with nothing held ${acrossBare} ms`,
      );
    }
    expect(sameZone.emulatorCost!.packets).toBeGreaterThanOrEqual(2 * tools.rest.requests);
    expect(result.emulatorOverhead?.emulator).toBe("packet-delay");
    // The TCP proxy finding is about Toxiproxy only.
    expect(JSON.stringify(result)).not.toContain("tcp-proxy-emulation");
  }, 240_000);

  it("makes a REST call on a new connection pay the handshake: two RTTs at 20 ms, one when kept alive", async () => {
    const context = await testEngineContext(await freeTargets());
    const custom = { name: "custom", rttMs: 20 };
    const perRequest = await runBenchmark(specWith([custom], { restConnection: "per-request" }), { context });
    const keptAlive = await runBenchmark(specWith([custom], { restConnection: "keep-alive" }), { context });
    expect(placementOf(perRequest, "custom").measuredConnectMs).toBeGreaterThan(18);
    expect(p50(perRequest, "rest")).toBeGreaterThanOrEqual(2 * 20 * 0.95);
    expect(p50(keptAlive, "rest")).toBeGreaterThanOrEqual(20 * 0.95);
    expect(p50(keptAlive, "rest")).toBeLessThan(2 * 20 * 0.9);
    // gRPC reuses its channel either way: one round trip.
    expect(p50(perRequest, "grpc")).toBeLessThan(2 * 20 * 0.9);
  }, 180_000);

  it("removes the link when the run is cancelled mid-measurement", async () => {
    const context = await testEngineContext(await freeTargets());
    const controller = new AbortController();
    const onEvent = (event: RunEvent) => {
      if (event.type === "cell-start") setTimeout(() => controller.abort(), 300);
    };
    const run = runBenchmark(specWith([{ name: "custom", rttMs: 20 }], { durationMs: 5_000 }), {
      context,
      signal: controller.signal,
      onEvent,
    });
    await expect(run).rejects.toBeInstanceOf(RunCancelledError);
  }, 120_000);
});
