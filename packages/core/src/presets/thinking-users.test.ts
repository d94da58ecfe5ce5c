import { describe, expect, it } from "vitest";
import { specForWorkload } from "../spec/workload-load";
import { presetDocSection } from "../testing/presets-doc";
import { specFromPreset } from "./presets";
import { study001Load } from "./study-001";
import { thinkingUsersLoad } from "./thinking-users";

describe("thinkingUsersLoad (Little's law for users who think)", () => {
  // Study 001 at Light: 500 users, think U(0.1, 1.0) s, simple 3 / stream 2 / payload 1, a stream
  // >= 1 s (100 x 10 ms), a simple call 10 ms, a 1 MiB payload 20 ms of sleep.
  const light = thinkingUsersLoad({
    users: 500,
    thinkSeconds: { min: 0.1, max: 1.0 },
    tasks: {
      simple: { weight: 3, seconds: 0.01 },
      stream: { weight: 2, seconds: 1.0 },
      payload: { weight: 1, seconds: 0.02 },
    },
  });

  it("gives the study's ~185 streams in flight at Light, and the rates behind them", () => {
    expect(light.meanThinkSeconds).toBeCloseTo(0.55, 10);
    expect(light.meanTaskSeconds).toBeCloseTo(0.005 + 1 / 3 + 0.02 / 6, 10);
    expect(light.perSecond).toBeCloseTo(500 / (0.55 + light.meanTaskSeconds), 10);
    expect(Math.round(light.perSecond)).toBe(561);
    expect(Math.round(light.tasks.stream!.inFlight)).toBe(187);
    expect(Math.round(light.tasks.simple!.perSecond)).toBe(280);
    expect(Math.round(light.tasks.payload!.perSecond)).toBe(93);
  });

  it("accounts for every user: thinking plus in flight", () => {
    const inFlight = Object.values(light.tasks).reduce((sum, t) => sum + t.inFlight, 0);
    expect(light.thinking + inFlight).toBeCloseTo(500, 8);
  });

  it("scales with the number of users", () => {
    const heavy = thinkingUsersLoad({
      users: 5000,
      thinkSeconds: { min: 0.1, max: 1.0 },
      tasks: { a: { weight: 1, seconds: 0.45 } },
    });
    expect(heavy.perSecond).toBeCloseTo(5000, 8);
    expect(heavy.tasks.a!.inFlight).toBeCloseTo(2250, 8);
  });
});

describe("study-001's load (its arithmetic in docs/presets.md)", () => {
  const section = presetDocSection("study-001");

  it("state the arithmetic of every level and the per-task loads it leads to", () => {
    expect(Math.round(study001Load(500).tasks.stream!.inFlight)).toBe(187);
    const one = (x: number) => x.toFixed(1);
    const whole = (x: number) => x.toFixed(0);
    for (const [level, users] of [
      ["Light", 500],
      ["Medium", 1000],
      ["Heavy", 5000],
    ] as const) {
      const load = study001Load(users);
      const { simple, stream, payload } = load.tasks;
      expect(load.meanTaskSeconds.toFixed(3)).toBe("0.342");
      expect(section).toContain(
        `| ${level} | ${users} | ${whole(load.perSecond)} (${whole(simple!.perSecond)} / ${whole(stream!.perSecond)} / ` +
          `${whole(payload!.perSecond)}) | ${whole(stream!.inFlight)}, ${one(simple!.inFlight)}, ${one(payload!.inFlight)} | ` +
          `${whole(load.thinking)} |`,
      );
    }
    expect(section).toContain("N / (0.342 s + 0.55 s)");
    expect(section).toContain("stream 187 req/s over 250 connections");
    expect(section).toMatch(/Medium and Heavy\*\* need 374 and 1869 streams in flight/);
  });

  it("run each task at the rate Light's users offer it, one connection and channel per user in flight", () => {
    const spec = specFromPreset("study-001");
    const stream = specForWorkload(spec, "stream");
    expect(stream).toMatchObject({ rate: 187, connections: 250, grpcConnections: 250 });
    expect(specForWorkload(spec, "echo").rate).toBe(Math.round(study001Load(500).tasks.simple!.perSecond));
  });

  it("give way to a rate or connection count the user asks for", () => {
    const spec = specFromPreset("study-001", { connections: 25 });
    expect(spec.workloadLoads).toBeUndefined();
    expect(specForWorkload(spec, "stream").connections).toBe(25);
  });

  it("no longer derive the levels from users / 20", () => {
    expect(section).toContain("not users / 20");
  });
});
