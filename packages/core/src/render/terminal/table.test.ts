import { specFromPreset, type PublishedFigure } from "../../index";
import { describe, expect, it } from "vitest";
import { renderTableReport } from "./table";
import { makeRunResult } from "../../testing/result-fixture";
import { makeQuestionsResult } from "../../testing/questions-fixture";
import { withFacts } from "../../findings/testing/with-facts";

describe("renderTableReport", () => {
  const result = makeRunResult({
    cells: [
      {
        workload: "item.get",
        cacheMode: "warm",
        rest: { p50: 0.812, p99: 2.311, rps: 9812 },
        grpc: { p50: 0.571, p99: 1.804, rps: 13104 },
      },
      { workload: "noop", rest: { p50: 0.2, p99: 0.5 }, grpc: { p50: 0.2, p99: 0.5 } },
    ],
  });
  const text = renderTableReport(result);
  const lines = text.split("\n");

  it("shows both protocols of each cell with sub-millisecond latencies to the microsecond", () => {
    const rest = lines.find((l) => l.startsWith("item.get"))!;
    const grpc = lines[lines.indexOf(rest) + 1]!;
    expect(rest).toMatch(/item\.get\s+warm\s+REST\s+0\.812\s+2\.311\s+9,812\s+0\s+0 B\s+112 B/);
    expect(grpc).toMatch(/^\s+gRPC\s+0\.571\s+1\.804\s+13,104\s+0\s+5 B\s+83 B$/);
  });

  it("gives the p50 speedup with its interval and a plain verdict", () => {
    expect(lines.find((l) => l.startsWith("item.get"))).toMatch(/1\.42x \[\d\.\d\d-\d\.\d\d\]\s+gRPC faster$/);
    expect(lines.find((l) => l.startsWith("noop"))).toMatch(/1\.00x \[0\.\d\d-1\.\d\d\]\s+no difference > \d+%$/);
    expect(text).toContain("p50 speedup = REST p50 / gRPC p50");
  });

  it("lines columns up: every row of the results table is as wide as its header or narrower", () => {
    const header = lines.find((l) => l.startsWith("workload"))!;
    expect(header).toMatch(/p50 ms\s+p99 ms\s+rps\s+errors\s+req body\s+resp body\s+p50 speedup \[95% CI\]\s+verdict/);
    const speedupEnd = header.indexOf("p50 speedup [95% CI]") + "p50 speedup [95% CI]".length;
    expect(lines.find((l) => l.startsWith("item.get"))!.indexOf("]") + 1).toBe(speedupEnd);
  });

  it("names the preset, and says when flags changed it", () => {
    expect(
      renderTableReport(makeRunResult({ spec: specFromPreset("study-000"), cells: [{ workload: "item.get" }] })),
    ).toContain("· preset study-000 ·");
    expect(text).toContain("· preset (none) ·");
    expect(renderTableReport(makeRunResult({ spec: { preset: "quick" } }))).toContain(
      "· preset quick, modified by flags ·",
    );
  });

  it("says when one trial gives no interval", () => {
    const one = renderTableReport(makeRunResult({ cells: [{ trials: 1 }] }));
    expect(one).toMatch(/1\.60x \(1 trial\)\s+not enough to tell \(1 trial\)/);
  });

  it("prints no ANSI escapes unless asked, and styles when asked", () => {
    expect(text).not.toContain("\x1b[");
    expect(renderTableReport(result, { color: true })).toContain("\x1b[32mgRPC faster");
  });

  it("shouts about embedded backends, a saturated generator and errors", () => {
    const loud = renderTableReport(
      makeRunResult({
        origin: "embedded",
        warnings: ["ghz report truncated"],
        cells: [{ rest: { saturated: true }, grpc: { errors: { UNAVAILABLE: 2 } } }],
      }),
    );
    expect(loud.split("\n")[0]).toBe("!!! EMBEDDED BACKENDS: not Redis/MySQL. See the warnings below. !!!");
    expect(loud).toContain("!!! WARNING: EMBEDDED BACKENDS (cache: embedded, store: embedded)");
    expect(loud).toContain("!!! WARNING: ghz report truncated");
    expect(loud).toContain("!!! WARNING: LOAD GENERATOR SATURATED: autocannon at 97% CPU for REST item.get (warm)");
    expect(loud).toContain("!!! WARNING: ERRORS: 2 failed calls for gRPC item.get (warm) (UNAVAILABLE x2)");
    expect(text).not.toContain("WARNING");
  });

  it("puts published figures beside measured ones for a study preset, with footnotes", () => {
    const study = makeRunResult({
      spec: { preset: "study-000", connections: 1 },
      cells: [
        { workload: "item.get", cacheMode: "warm" },
        { workload: "item.get", cacheMode: "cold", rest: { mean: 5 }, grpc: { mean: 4 } },
      ],
    });
    const report = renderTableReport(study);
    expect(report).toContain("Published (study-000) vs measured");
    expect(report).toMatch(
      /item\.get\s+warm\s+mean latency, warm cache\s+ms\s+2\.240\s+0\.900\s+1\.600\s+0\.600\s+1\.40x\s+1\.50x/,
    );
    expect(report).toMatch(/mean latency, no cache \[1\]/);
    expect(report).toContain('[1] The study\'s "no-cache" runs read MySQL');
    expect(report).toMatch(/cache improvement \(cold -> warm mean\)\s+%\s+64\.0\s+82\.0\s+70\.0\s+85\.0\s+-\s+-/);
  });

  it("prints the preset's notes after its figures, so `pnpm bench` says what the Markdown says", () => {
    const report = renderTableReport(
      makeRunResult({ spec: { preset: "study-003", connections: 1 }, cells: [{ workload: "meteorites.version" }] }),
    );
    expect(report).toContain("About the study-003 preset");
    expect(report).toMatch(/^- The study served a static list held in memory; the preset uses cache mode memory/m);
    expect(report.indexOf("About the study-003 preset")).toBeGreaterThan(report.indexOf("Published (study-003)"));
  });

  it("says why a sequential study's timing is not compared at another load", () => {
    const report = renderTableReport(
      makeRunResult({
        spec: { preset: "study-000", connections: 8 },
        cells: [{ workload: "item.get", cacheMode: "warm" }],
      }),
    );
    expect(report).toMatch(/mean latency, warm cache \[\d\]\s+ms\s+2\.240\s+-\s+1\.600\s+-/);
    expect(report).toMatch(/Not compared: the study timed one call at a time, and this run kept 8 calls in flight/);
  });

  it("prefers the figures stored in the result (an imported file keeps its own)", () => {
    const stored: PublishedFigure = {
      label: "stored figure",
      unit: "ms",
      published: { rest: 1, grpc: 2 },
      measured: { rest: 3, grpc: 4 },
    };
    const report = renderTableReport(
      makeRunResult({ spec: { preset: "study-000" }, cells: [{ published: [stored] }] }),
    );
    expect(report).toContain("stored figure");
    expect(report).not.toContain("mean latency, warm cache");
  });

  it("prints each finding once, however many trials recorded it, warnings loud and notes dim", () => {
    const result = withFacts(makeRunResult({ cells: [{ workload: "item.get", cacheMode: "warm", trials: 3 }] }), {
      measure: ({ protocol }) =>
        protocol === "rest"
          ? [
              { kind: "generator-saturated", tool: "autocannon", cpuFraction: 0.93, limit: "one-core" },
              { kind: "dropped-in-flight", tool: "autocannon", requests: 2 },
            ]
          : [],
    });
    result.warnings = ["a copy for older readers"];
    for (const trial of result.cells[0]!.trials) trial.rest.notes = ["another copy"];
    const report = renderTableReport(result);
    const count = (text: string) => report.split(text).length - 1;
    expect(count("LOAD GENERATOR SATURATED")).toBe(1);
    expect(report).toContain(
      "!!! WARNING: LOAD GENERATOR SATURATED: autocannon at 93% CPU for REST item.get (warm), above 85% of its one core",
    );
    expect(count("dropped")).toBe(1);
    expect(report).toContain("note: autocannon dropped 6 requests still in flight");
    expect(count("closed loop:")).toBe(1);
    expect(report).toMatch(/\nnote: closed loop: 8 requests in flight/);
    expect(report).not.toContain("copy");
    // warnings first, then notes
    expect(report.indexOf("!!! WARNING")).toBeLessThan(report.indexOf("note: "));
  });

  it("shows an older result's own notes and warnings", () => {
    const old = makeRunResult({ warnings: ["a warning written before facts existed"] });
    for (const trial of old.cells[0]!.trials) trial.grpc.notes = ["ghz CPU time from /proc polling (lower bound)"];
    const report = renderTableReport(old);
    expect(report).toContain("!!! WARNING: a warning written before facts existed");
    expect(report.split("note: ghz CPU time from /proc polling (lower bound)").length - 1).toBe(1);
  });
});

describe("renderTableReport of a result written before the two questions", () => {
  it("keeps its verdict column and picture line as they were", () => {
    const result = makeRunResult();
    const lines = renderTableReport(result).split("\n");
    expect(lines.find((l) => l.startsWith("  Picture:"))).toBe(
      "  Picture: the p50 speedup column of the results below",
    );
    expect(lines.find((l) => l.startsWith(result.cells[0]!.workload))).toMatch(
      /(gRPC faster|REST faster|not enough to tell|no difference > \S+)$/,
    );
    expect(lines.join("\n")).not.toContain("at p50 @");
  });
});

describe("renderTableReport of a run that asked both headline questions", () => {
  const text = renderTableReport(makeQuestionsResult());
  const lines = text.split("\n");

  it("gives both figures of each cell in the answer, before the picture", () => {
    const picture = lines.findIndex((l) => l.startsWith("  Picture:"));
    const header = lines.indexOf(
      "  latency: p50 at one call in flight; capacity: calls per second per server core at 8 in flight",
    );
    expect(header).toBeGreaterThan(0);
    expect(header).toBeLessThan(picture);
    expect(lines.slice(header + 1, picture).map((l) => l.split(/\s{2,}/)[1])).toEqual([
      "noop",
      "item.get (warm)",
      "meteorites.get (warm)",
      "stream",
    ]);
    expect(lines[header + 1]).toMatch(/REST 1\.65x sooner .* gRPC 1\.96x calls\/core .* h2load \(server \+ wire\)$/);
  });

  it("heads the own load's latencies and speedup by that load, and reads them against the margin", () => {
    const header = lines.find((l) => l.startsWith("workload"))!;
    expect(header).toMatch(/p50 ms @8\s+p99 ms @8\s+rps .* p50 speedup @8 \[95% CI\]\s+verdict$/);
    // 20.0 against 20.1 ms: an interval across the 5% margin, so neither "faster" nor "no difference".
    expect(lines.find((l) => l.startsWith("meteorites.get"))).toMatch(/not enough to tell at p50 @8$/);
  });

  it("says in the verdict column which load its p50 was read at, beside the latency answer", () => {
    // noop: gRPC faster at 8 in flight, while the answer says REST answers sooner at one call in flight.
    expect(lines.find((l) => l.startsWith("noop"))).toMatch(/gRPC faster at p50 @8$/);
  });

  it("points the picture at both figures above, and names the load of the speedup column", () => {
    expect(lines.find((l) => l.startsWith("  Picture:"))).toBe(
      "  Picture: the latency and capacity figures above; the p50 speedup @8 column of the results below is under saturation (queueing, not latency alone)",
    );
  });
});
