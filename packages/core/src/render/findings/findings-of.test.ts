import { describe, expect, it } from "vitest";
import { parseRunResult, runResultSchema } from "../../result/result-schema";
import { makeRunResult } from "../../testing/result-fixture";
import type { MeasureFact } from "../../findings/facts";
import { findingsOf, measureNotes, subjectLabel, warningTexts } from "./findings-of";
import { loadLoopFact } from "../../findings/load-loop";
import { withFacts } from "../../findings/testing/with-facts";

const base = makeRunResult({ cells: [{ workload: "item.get", cacheMode: "warm" }] });
const restOnly =
  (...facts: MeasureFact[]) =>
  ({ protocol }: { protocol: string }) =>
    protocol === "rest" ? facts : [];
const grpcOnly =
  (...facts: MeasureFact[]) =>
  ({ protocol }: { protocol: string }) =>
    protocol === "grpc" ? facts : [];
const texts = (result: Parameters<typeof findingsOf>[0]) => findingsOf(result).map((f) => f.text);

describe("findingsOf: a result the engine wrote (facts recorded)", () => {
  it("a clean closed-loop run has one note, how the load was offered", () => {
    const findings = findingsOf(withFacts(base));
    expect(findings).toEqual([
      {
        kind: "load-loop",
        severity: "note",
        text: expect.stringMatching(/^closed loop: 8 requests in flight, .* so latency is service time/),
      },
    ]);
  });

  it("an open loop says what is corrected for coordinated omission, and how on each side", () => {
    const open = withFacts(base, { run: [loadLoopFact({ rate: 60, connections: 4 })] });
    expect(texts(open)).toEqual([
      expect.stringMatching(
        /^open loop at 60 req\/s: latency is shown raw .* and corrected for coordinated omission .* 4 busy .*REST is sent on Relix's own schedule.*expected-interval correction \(interval = in-flight \/ rate\)/,
      ),
    ]);
  });

  it("an open loop recorded before the correction still says what neither tool corrected", () => {
    const open = withFacts(base, { run: [{ kind: "load-loop", loop: "open", inFlight: 4, rate: 60 }] });
    expect(texts(open)).toEqual([
      expect.stringMatching(/^open loop at 60 req\/s: .*coordinated omission .*per-second budget in bursts.* 4 busy/),
    ]);
  });

  it("a saturated generator is one warning for its cell and protocol, with the rule that flagged it", () => {
    const result = withFacts(base, {
      measure: restOnly({
        kind: "generator-saturated",
        tool: "autocannon",
        cpuFraction: 0.97,
        limit: "one-core",
        eventLoopUtilization: 0.9,
      }),
    });
    const saturated = findingsOf(result).filter((f) => f.kind === "generator-saturated");
    expect(saturated).toEqual([
      {
        kind: "generator-saturated",
        severity: "warning",
        text: "LOAD GENERATOR SATURATED: autocannon at 97% CPU for REST item.get (warm), above 85% of its one core: its numbers may measure the generator, not the server.",
        about: { workload: "item.get", cacheMode: "warm", protocol: "rest" },
      },
    ]);
  });

  it("ghz's share of the machine is judged against half of its cores", () => {
    const result = withFacts(base, {
      measure: grpcOnly({
        kind: "generator-saturated",
        tool: "ghz",
        cpuFraction: 0.62,
        limit: "machine",
        machineCores: 2,
      }),
    });
    expect(texts(result)).toContain(
      "LOAD GENERATOR SATURATED: ghz at 62% CPU for gRPC item.get (warm), above half of the machine's 2 cores: its numbers may measure the generator, not the server.",
    );
  });

  it("names the trials when only some recorded a fact", () => {
    const result = withFacts(base, {
      measure: ({ trial, protocol }) =>
        protocol === "grpc" && trial !== 2 ? [{ kind: "cpu-lower-bound", tool: "ghz" }] : [],
    });
    expect(findingsOf(result).filter((f) => f.kind === "cpu-lower-bound")).toEqual([
      {
        kind: "cpu-lower-bound",
        severity: "note",
        text: "ghz's CPU time for gRPC item.get (warm) (trials 1, 3 of 3) was polled from /proc: a lower bound.",
        about: { workload: "item.get", cacheMode: "warm", protocol: "grpc" },
      },
    ]);
  });

  it("a window stopped at its time cap says so on each side, after how many of the requests asked for", () => {
    const result = withFacts(base, {
      measure: ({ trial, protocol }) => [
        {
          kind: "stopped-at-time-cap",
          tool: protocol === "rest" ? "autocannon" : "ghz",
          requests: protocol === "rest" ? 1_200 + trial : 950,
          plannedRequests: 1_000_000,
          capMs: 89_000,
        },
      ],
    });
    const capped = findingsOf(result).filter((f) => f.kind === "stopped-at-time-cap");
    expect(capped.map((f) => [f.severity, f.text])).toEqual([
      [
        "warning",
        "STOPPED AT THE TIME LIMIT: REST item.get (warm) stopped at the time limit after 1,201 to 1,203 of 1,000,000 requests: every side's window may last 89.0 s in this run, so its figures cover the requests completed in that time.",
      ],
      [
        "warning",
        "STOPPED AT THE TIME LIMIT: gRPC item.get (warm) stopped at the time limit after 950 of 1,000,000 requests: every side's window may last 89.0 s in this run, so its figures cover the requests completed in that time.",
      ],
    ]);
  });

  it("truncated details: a warning when the window had to shrink, a note when it was already inside", () => {
    const truncated = (windowShortenedToMs: number | null): MeasureFact => ({
      kind: "details-truncated",
      tool: "ghz",
      keptCalls: 1_000_000,
      calls: 1_250_000,
      completeUntilMs: 4_200,
      windowShortenedToMs,
    });
    const shortened = findingsOf(withFacts(base, { measure: grpcOnly(truncated(3_950)) }));
    expect(shortened.find((f) => f.kind === "details-truncated")).toMatchObject({
      severity: "warning",
      text: "DETAILS TRUNCATED: ghz kept per-call details for only 1,000,000 of 1,250,000 calls for gRPC item.get (warm): the measured window was shortened to 3.95 s so rps is not undercounted; shorten the window or lower the rate.",
    });
    const inside = findingsOf(withFacts(base, { measure: grpcOnly(truncated(null)) }));
    expect(inside.find((f) => f.kind === "details-truncated")).toMatchObject({
      severity: "note",
      text: expect.stringMatching(/complete until 4200 ms, past the measured window\.$/),
    });
  });

  it.each<[MeasureFact, "warning" | "note", RegExp]>([
    [
      { kind: "dropped-in-flight", tool: "autocannon", requests: 3 },
      "note",
      /^autocannon dropped 9 requests still in flight when it closed its sockets for REST item\.get \(warm\) \(no sample/,
    ],
    [
      { kind: "unaccounted-requests", tool: "autocannon", requests: 1 },
      "warning",
      /^autocannon sent 3 requests for REST item\.get \(warm\) that left neither a sample nor a drop record\.$/,
    ],
    [
      { kind: "fewer-connections", tool: "autocannon", rate: 5, connections: 8, used: 5 },
      "note",
      /^autocannon used only 5 connections for REST item\.get \(warm\): the rate \(5 req\/s\) is below the 8 connections/,
    ],
    [
      { kind: "stopped-by-hard-timeout", tool: "autocannon" },
      "warning",
      /^autocannon did not stop by itself for REST item\.get \(warm\) and was killed/,
    ],
    [
      { kind: "ended-early", tool: "autocannon", reason: "interrupted", plannedRequests: 500 },
      "warning",
      /^autocannon was stopped for REST item\.get \(warm\) before all 500 requests were made\.$/,
    ],
    [
      { kind: "ended-early", tool: "autocannon", reason: "cancel" },
      "warning",
      /^autocannon ended early for REST item\.get \(warm\) \(its end reason: cancel\)\.$/,
    ],
  ])("%o is one %s for its side, however many trials recorded it", (fact, severity, text) => {
    const findings = findingsOf(withFacts(base, { measure: restOnly(fact) })).filter((f) => f.kind === fact.kind);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.severity).toBe(severity);
    expect(findings[0]!.text).toMatch(text);
    expect(subjectLabel(findings[0]!.about)).toBe("REST item.get (warm)");
  });

  it("the warm-up is one note for the whole run, with what each side discarded", () => {
    const result = withFacts(makeRunResult({ spec: { warmupMs: 500 }, cells: [{ workload: "noop" }] }), {
      measure: ({ protocol }) => [
        { kind: "warm-up-discarded", samples: protocol === "rest" ? 100 : 250, warmupMs: 500 },
      ],
    });
    expect(findingsOf(result).filter((f) => f.kind === "warm-up-discarded")).toEqual([
      {
        kind: "warm-up-discarded",
        severity: "note",
        text: "warm-up: responses that completed in the first 500ms of each protocol run were left out, on both sides alike (300 responses for REST, 750 responses for gRPC, over all cells and trials)",
      },
    ]);
  });

  it("embedded backends, what the services said, and failed calls are warnings, before every note", () => {
    const result = withFacts(
      makeRunResult({ origin: "embedded", cells: [{ workload: "item.get", grpc: { errors: { UNAVAILABLE: 2 } } }] }),
      { run: [loadLoopFact({ connections: 8 }), { kind: "services-warning", message: "the REST API restarted" }] },
    );
    const findings = findingsOf(result);
    expect(findings.map((f) => [f.kind, f.severity])).toEqual([
      ["embedded-backends", "warning"],
      ["services-warning", "warning"],
      ["errors", "warning"],
      ["load-loop", "note"],
    ]);
    expect(findings[0]!.text).toBe(
      "EMBEDDED BACKENDS (cache: embedded, store: embedded): no real Redis/MySQL was used, so these numbers do not measure the real experiment.",
    );
    expect(findings[2]!.text).toBe(
      "ERRORS: 2 failed calls for gRPC item.get (warm) (UNAVAILABLE x2); left out of latency.",
    );
  });

  it("does not read back the copies in `warnings` and `notes`", () => {
    const result = withFacts(base, { measure: restOnly({ kind: "cpu-lower-bound", tool: "autocannon" }) });
    result.warnings = ["a copy the engine wrote for older readers"];
    result.cells[0]!.trials[0]!.rest.notes = ["another copy"];
    expect(texts(result).join("\n")).not.toMatch(/copy/);
  });

  it("measureNotes: the words a measure's notes carry", () => {
    expect(
      measureNotes({ workload: "noop", cacheMode: "none" }, "rest", {
        generator: { tool: "autocannon", cpuFraction: 0.9, saturated: true },
        facts: [
          { kind: "generator-saturated", tool: "autocannon", cpuFraction: 0.9, limit: "one-core" },
          { kind: "dropped-in-flight", tool: "autocannon", requests: 1 },
        ],
      }),
    ).toEqual([
      "LOAD GENERATOR SATURATED: autocannon at 90% CPU for REST noop, above 85% of its one core: its numbers may measure the generator, not the server.",
      "autocannon dropped 1 request still in flight when it closed its sockets for REST noop (no sample, not counted as errors).",
    ]);
  });

  it("survives a JSON round trip through the schema", () => {
    const result = withFacts(base, {
      measure: restOnly({ kind: "dropped-in-flight", tool: "autocannon", requests: 2 }),
    });
    const again = parseRunResult(JSON.parse(JSON.stringify(result)));
    expect(findingsOf(again)).toEqual(findingsOf(result));
    expect(warningTexts(findingsOf(again))).toEqual([]);
  });
});

describe("findingsOf: a result written before facts existed (notes and warnings strings only)", () => {
  /** A relix.result/v1 document the way the engine wrote it before: no `facts` anywhere. */
  function oldStyle() {
    const result = JSON.parse(
      JSON.stringify(makeRunResult({ cells: [{ workload: "noop" }, { workload: "item.get", cacheMode: "warm" }] })),
    );
    const loop =
      "closed loop: 8 requests in flight, each sent when the previous one returned, so latency is service time (no schedule, hence no coordinated-omission correction)";
    for (const cell of result.cells) {
      for (const trial of cell.trials) {
        trial.rest.notes = [loop];
        trial.grpc.notes = [loop];
      }
    }
    result.cells[1].trials[0].grpc.notes.push("ghz CPU time from /proc polling (lower bound)");
    result.warnings = [
      "item.get (warm): the ghz load generator was near its CPU limit; its GRPC figures may describe the generator, not the service",
    ];
    expect(JSON.stringify(result)).not.toContain('"facts"');
    return result;
  }

  it("still parses", () => {
    expect(() => runResultSchema.parse(oldStyle())).not.toThrow();
  });

  it("shows its warnings as warnings and its notes as notes, a note repeated on every measure once", () => {
    const findings = findingsOf(parseRunResult(oldStyle()));
    expect(findings).toEqual([
      {
        kind: "recorded",
        severity: "warning",
        text: "item.get (warm): the ghz load generator was near its CPU limit; its GRPC figures may describe the generator, not the service",
      },
      { kind: "recorded", severity: "note", text: expect.stringMatching(/^closed loop: 8 requests in flight/) },
      {
        kind: "recorded",
        severity: "note",
        text: "ghz CPU time from /proc polling (lower bound)",
        about: { workload: "item.get", cacheMode: "warm", protocol: "grpc" },
      },
    ]);
  });

  it("adds what its numbers show, as before: a saturated generator, failed calls, embedded backends", () => {
    const result = makeRunResult({
      origin: "embedded",
      cells: [{ workload: "noop", rest: { saturated: true }, grpc: { errors: { NOT_FOUND: 1 } } }],
    });
    expect(result.facts).toBeUndefined();
    expect(texts(result)).toEqual([
      expect.stringMatching(/^EMBEDDED BACKENDS/),
      "LOAD GENERATOR SATURATED: autocannon at 97% CPU for REST noop: its numbers may measure the generator, not the server.",
      "ERRORS: 1 failed calls for gRPC noop (NOT_FOUND x1); left out of latency.",
    ]);
  });
});

describe("findingsOf: stacks beyond express and grpc-js", () => {
  it("judges an extra stack's generator like the default two and names the stack", () => {
    const result = withFacts(
      makeRunResult({
        spec: { workloads: ["item.get"], stacks: ["express", "h2c", "grpc-js"] },
        cells: [{ workload: "item.get", cacheMode: "warm" }],
      }),
    );
    const h2c = result.cells[0]!.stacks!.find((s) => s.stack === "h2c")!;
    h2c.trials[0]!.facts = [{ kind: "generator-saturated", tool: "h2load", cpuFraction: 0.95, limit: "one-core" }];
    // As the engine writes it: the saturation is in the measured figures too.
    const generator = { tool: "h2load", cpuFraction: 0.95, saturated: true };
    h2c.trials[0]!.generator = generator;
    h2c.summary.generator = generator;
    const saturated = findingsOf(result).filter((f) => f.kind === "generator-saturated");
    expect(saturated).toEqual([
      expect.objectContaining({
        severity: "warning",
        text: expect.stringContaining("h2load at 95% CPU for h2c item.get (warm)"),
        about: { workload: "item.get", cacheMode: "warm", protocol: "rest", stack: "h2c" },
      }),
    ]);
    expect(subjectLabel(saturated[0]!.about)).toBe("h2c item.get (warm)");
  });
});
