import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { findingsOf } from "@relix/core/render/findings/findings-of";
import { withFacts } from "@relix/core/findings/testing/with-facts";
import { specFromPreset } from "@relix/core/presets/presets";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeQuestionsResult } from "@relix/core/testing/questions-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { Report } from "./Report";

const result = makeRunResult({
  spec: { preset: "quick", workloads: ["noop", "item.get"], cacheModes: ["warm", "cold"], trials: 3, durationMs: 2000 },
});

describe("Report (server-rendered)", () => {
  it("renders every cell's verdict, a chart card with a table toggle per chart, and the exact spec", () => {
    const html = renderToStaticMarkup(<Report result={result} />);
    for (const cell of result.cells) expect(html).toContain(cell.verdict);
    expect(html.match(/data-testid="verdict"/g)).toHaveLength(result.cells.length);
    const charts = html.match(/data-testid="(chart|answer-picture)"/g)?.length ?? 0;
    expect(charts).toBeGreaterThanOrEqual(result.cells.length * 4 + 1);
    expect(html.match(/>Table<\/button>/g)).toHaveLength(charts);
    expect(html).toContain("Cache: warm vs cold");
    expect(html).toContain("&quot;connections&quot;: 8");
  });

  it("answers with figures on the first screen: the faster side and its factor, the interval, the client, the sentence on hover", () => {
    const html = renderToStaticMarkup(<Report result={result} />);
    const answer = html.slice(
      html.indexOf('data-testid="answer-verdicts"'),
      html.indexOf('data-testid="answer-sentences"'),
    );
    for (const cell of result.cells.slice(0, 4)) {
      const p50 = cell.comparisons.find((c) => c.metric === "p50")!;
      // The sentence is an attribute (a hover), not the text of the row.
      expect(answer).toContain(`title="${cell.verdict.replace(/"/g, "&quot;")}"`);
      expect(answer).toMatch(
        p50.winner === "none" ? /no clear winner|not enough to tell/ : /(gRPC|REST) \d\.\d\dx faster/,
      );
    }
    expect(answer).not.toMatch(/>[^<]*\(95% CI/);
    expect(answer).toContain("autocannon vs ghz");
    // The verdict table holds figures too, never a factor below 1.
    const verdicts = html.slice(html.indexOf('data-testid="verdicts"'));
    expect(verdicts.slice(0, verdicts.indexOf("</table>"))).not.toMatch(/>0\.\d\dx/);
  });

  it("escapes whatever a result carries (an imported file is untrusted)", () => {
    const hostile = structuredClone(result);
    hostile.cells[0]!.label = '<img src=x onerror="alert(1)">';
    hostile.warnings = ["<script>alert(1)</script>"];
    const html = renderToStaticMarkup(<Report result={hostile} />);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("opens with the answer, then the findings once each, folded, in the CLI's words, then the verdicts", () => {
    const saturated = withFacts(makeRunResult({ cells: [{ workload: "noop", trials: 3 }] }), {
      measure: ({ protocol }) =>
        protocol === "rest"
          ? [{ kind: "generator-saturated", tool: "autocannon", cpuFraction: 0.93, limit: "one-core" }]
          : [],
    });
    const html = renderToStaticMarkup(<Report result={saturated} />);
    const findings = findingsOf(saturated);
    expect(findings.map((f) => f.kind)).toEqual(["generator-saturated", "load-loop"]);
    for (const finding of findings) expect(html.split(finding.text).length - 1, finding.kind).toBe(1);
    const answer = html.indexOf('data-testid="answer"');
    const folded = html.indexOf('<details class="card card-pad section" id="findings"');
    expect(answer).toBeGreaterThanOrEqual(0);
    expect(folded).toBeGreaterThan(answer);
    expect(html.indexOf('data-testid="headline"')).toBeGreaterThan(folded);
    const section = html.slice(folded);
    expect(section).toContain("LOAD GENERATOR SATURATED: autocannon at 93% CPU for REST noop");
    expect(section).toContain("closed loop: 8 requests in flight");
    // The answer's trust line counts the one that can change the verdict and links to the list.
    const trust = html.slice(html.indexOf('data-testid="answer-trust"'));
    expect(trust).toMatch(/<a href="#findings">1 finding can change these verdicts \(load generator saturated\)/);
    // the generator section points at the warning instead of saying it again
    expect(html).toMatch(/data-testid="saturation"[^>]*><strong>Generator saturation:<\/strong> 1 of the runs below/);
  });

  it("shows a finding repeated over ten sweep points once, naming how many cells it touches", () => {
    const swept = makeSweepResult({
      axes: [
        { dimension: "records", values: [1, 10, 100, 1000, 10000] },
        { dimension: "network", values: ["loopback", "cross-region"] },
      ],
      speedupAt: (c) => ((c.records as number) >= 1000 ? 1.4 : 0.7),
      rest: { generatorCpuMsPerRequest: 0.02 },
      grpc: { generatorCpuMsPerRequest: 0.2 },
    });
    const html = renderToStaticMarkup(<Report result={swept} />);
    expect(html.match(/data-testid="finding-group"/g)).toHaveLength(1);
    expect(html).toContain("CLIENTS UNEQUAL in 10 of 10 cells: item.list (warm) at 1 record on loopback");
    expect(html).toContain('data-testid="answer-picture"');
  });

  it("shows a study preset's notes under the verdicts and every figure note in plain sight", () => {
    const study = makeRunResult({
      spec: { preset: "study-000", connections: 1 },
      cells: [
        { workload: "item.get", cacheMode: "warm" },
        { workload: "item.get", cacheMode: "cold" },
      ],
    });
    const html = renderToStaticMarkup(<Report result={study} />);
    const about = html.indexOf('data-testid="preset-notes"');
    expect(about).toBeGreaterThan(html.indexOf('data-testid="headline"'));
    // Before the per-cell evidence, not at the bottom with the environment.
    expect(about).toBeLessThan(html.indexOf('data-testid="chart"'));
    expect(about).toBeLessThan(html.indexOf('data-testid="published-section"'));
    expect(html.slice(about)).toContain("Not reproduced: 20 samples per cell");
    expect(html.split("Not reproduced: 20 samples per cell").length - 1, "said once").toBe(1);
    const figureNotes = html.slice(html.indexOf('data-testid="figure-notes"'));
    expect(figureNotes).toContain("The study&#x27;s &quot;no-cache&quot; runs read MySQL");
    expect(html).toMatch(/mean latency, no cache \[1\]/);
    expect(html).not.toMatch(/title="The study/);
  });

  it("says first which of the preset's settings a run's flags changed, and nothing for the preset's own", () => {
    const changed = makeRunResult({ spec: { ...specFromPreset("quick"), clients: "tools" } });
    const html = renderToStaticMarkup(<Report result={changed} />);
    const notes = html.slice(html.indexOf('data-testid="preset-notes"'));
    expect(notes).toContain(
      "These notes describe the quick preset as shipped; this run changed its clients, so a note",
    );
    expect(notes.indexOf('data-testid="preset-changed"')).toBeLessThan(notes.indexOf("<li"));
    const shipped = renderToStaticMarkup(<Report result={makeRunResult({ spec: specFromPreset("quick") })} />);
    expect(shipped).toContain('data-testid="preset-notes"');
    expect(shipped).not.toContain('data-testid="preset-changed"');
  });

  it("shows an older result's own warnings and notes", () => {
    const old = makeRunResult({ warnings: ["written before facts existed"] });
    old.cells[0]!.trials[0]!.grpc.notes = ["ghz CPU time from /proc polling (lower bound)"];
    const html = renderToStaticMarkup(<Report result={old} />);
    expect(html).toContain("written before facts existed");
    expect(html.slice(html.indexOf('id="findings"'))).toContain("ghz CPU time from /proc polling (lower bound)");
  });

  it("shows each placement with its RTT or its refusal, the verdict per placement, and a speedup-against-RTT chart per workload", () => {
    const placed = makeRunResult({
      spec: { workloads: ["noop", "item.get"], network: ["loopback", "same-zone", "cross-region"] },
      placements: [
        { name: "same-zone", measuredRttMs: 1.06, status: "refused", reason: "reached 1.06 ms for a 0.5 ms target" },
      ],
      emulatorOverhead: true,
    });
    const html = renderToStaticMarkup(<Report result={placed} />);
    const section = html.slice(html.indexOf('data-testid="placements"'));
    expect(section).toContain("refused: reached 1.06 ms for a 0.5 ms target");
    expect(section).toContain("151.5 ms");
    expect(html.match(/data-testid="rtt-chart"/g)).toHaveLength(2);
    expect(html).toContain("gRPC 1.60x faster on loopback, gRPC 1.60x faster at 151.5 ms RTT (cross-region)");
    expect(html.split("Emulator&#x27;s own cost").length - 1).toBe(1);
    // Every cell is labelled with its placement, one section per workload x placement.
    expect(html.match(/data-testid="cell-placement"/g)).toHaveLength(4);
    expect(html).toContain('data-cell="item.get|warm|cross-region"');
  });

  it("reads a run on loopback alone as before: no placements section, no placement labels", () => {
    expect(renderToStaticMarkup(<Report result={result} />)).not.toContain('data-testid="placements"');
    // What the engine writes for it: a loopback record, and cells that name loopback.
    const loopback = makeRunResult({ spec: { workloads: ["noop"] }, placements: [{ name: "loopback" }] });
    expect(loopback.cells[0]!.placement).toBe("loopback");
    const html = renderToStaticMarkup(<Report result={loopback} />);
    expect(html).not.toContain('data-testid="placements"');
    expect(html).not.toContain('data-testid="cell-placement"');
    // Only the exact spec (network: ["loopback"]) says it.
    expect(html.slice(0, html.indexOf('data-testid="spec"'))).not.toContain("loopback");
  });

  it("walks from express to grpc-js one layer at a time per workload, with a table view, and a split per stack", () => {
    const stacked = makeRunResult({
      spec: {
        workloads: ["noop", "item.get"],
        stacks: ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"],
      },
    });
    const html = renderToStaticMarkup(<Report result={stacked} />);
    const section = html.slice(html.indexOf('data-testid="stacks"'));
    expect(section).toContain("Stacks: which layer decides");
    expect(section.match(/data-testid="stack-panel"/g)).toHaveLength(2);
    expect(section.match(/data-testid="stack-ladder"/g)).toHaveLength(2);
    expect(section.match(/data-testid="stack-split"/g)).toHaveLength(2);
    expect(section).toContain("the parts must add up within 5% of the server time");
    // Each stack's figures against both defaults: h2c is 0.8 / 0.62 = 1.29x express's p50.
    expect(section).toMatch(/h2c<\/span><\/td><td>h2load<\/td><td class="r">0\.620<\/td>/);
    expect(section).toContain("1.29x [");
  });

  it("has no stacks section for a run of express and grpc-js alone", () => {
    expect(renderToStaticMarkup(<Report result={result} />)).not.toContain('data-testid="stacks"');
  });
});

describe("a cell measured by the tools and by one client for both", () => {
  it("shows why both were measured, what the tools said, each client step, and CPU per call at both ends", () => {
    const both = structuredClone(makeRunResult({ cells: [{ workload: "meteorites.get", trials: 3 }] }));
    const cell = both.cells[0]!;
    const p50 = cell.comparisons.find((c) => c.metric === "p50")!;
    const step = (side: "rest" | "grpc", from: string) => ({
      side,
      stack: side === "rest" ? ("express" as const) : ("grpc-js" as const),
      from,
      to: "h2load",
      comparisons: [{ metric: "p50" as const, ci: p50.ci, winner: "to" as const, text: `h2load faster than ${from}` }],
      gapShare: side === "grpc" ? 0.8 : 0.1,
      text: `on meteorites.get, one client for both in place of ${from}: its step`,
    });
    cell.toolClients = {
      trials: cell.trials.map((t) => ({ rest: t.rest, grpc: t.grpc })),
      rest: { ...cell.rest, generator: { ...cell.rest.generator, tool: "autocannon" } },
      grpc: { ...cell.grpc, generator: { ...cell.grpc.generator, tool: "ghz" } },
      comparisons: [{ ...p50, text: "REST 3.20x faster at p50 (the tools)" }],
      verdict: "REST 3.20x faster at p50 (the tools)",
      cpuFactor: 14.2,
      reason: "unequal-tools",
    };
    cell.clientSteps = [step("rest", "autocannon"), step("grpc", "ghz")];
    cell.rest = { ...cell.rest, generator: { ...cell.rest.generator, tool: "h2load", cpuMsPerRequest: 0.1 } };
    cell.grpc = { ...cell.grpc, generator: { ...cell.grpc.generator, tool: "h2load", cpuMsPerRequest: 0.12 } };
    const html = renderToStaticMarkup(<Report result={both} />);
    expect(html).toContain('data-testid="client-views"');
    expect(html).toContain("Measured with one client for both (h2load)");
    expect(html).toContain("14.2x apart");
    expect(html).toContain("REST 3.20x faster at p50 (the tools)");
    expect(html).toContain("in place of ghz: its step");
    // h2load's own CPU per call beside the server's, on each side.
    expect(html).toMatch(/CPU per call: client \+ server = total, ms<\/td><td[^>]*>0\.100 \+ /);
    // The tools' warning is not repeated for that cell: its note explains them once.
    expect(findingsOf(both).some((f) => f.kind === "client-cpu-per-request")).toBe(false);
    expect(findingsOf(both).some((f) => f.kind === "clients-equalised")).toBe(true);
  });

  it("says why a cell of a tools run was measured by its tools alone", () => {
    const alone = structuredClone(makeRunResult({ cells: [{ workload: "noop", trials: 3 }] }));
    const cell = alone.cells[0]!;
    cell.rest = { ...cell.rest, generator: { ...cell.rest.generator, tool: "autocannon" } };
    cell.grpc = { ...cell.grpc, generator: { ...cell.grpc.generator, tool: "ghz" } };
    cell.toolsAlone = { cpuFactor: 1.07, because: "within-factor" };
    const html = renderToStaticMarkup(<Report result={alone} />);
    expect(html).toContain('data-testid="tools-alone"');
    expect(html).toContain("Measured by the tools alone (autocannon and ghz)");
    expect(html).toContain("1.07x apart in the first trial&#x27;s warm-ups, within the 1.1x");
    expect(html).not.toContain('data-testid="client-views"');
  });
});

describe("what a caller pays", () => {
  it("is shown beside each cell whose workload the run's machine measured, with where it was measured", () => {
    const sentence = "a Go caller decodes this reply in 4.4 ms as JSON, 560 µs as protobuf";
    const withCosts = {
      ...makeRunResult({ cells: [{ workload: "meteorites.get" }, { workload: "noop" }] }),
      callerCosts: {
        measuredAt: "2026-11-26T16:58:09.084Z",
        machine: "Test CPU (2 cores), linux x64",
        workloads: [
          {
            workload: "meteorites.get",
            requestBytes: { json: null, protobuf: 0 },
            replyBytes: { json: 244_992, protobuf: 123_962 },
            runtimes: [
              {
                runtime: "go" as const,
                version: "go1.26",
                json: { codec: "json", library: "encoding/json", encodeRequestUs: null, decodeReplyUs: 4425 },
                protobuf: { codec: "protobuf", library: "protobuf-go", encodeRequestUs: 0.1, decodeReplyUs: 560 },
                sentence,
              },
            ],
            skipped: [],
          },
        ],
      },
    };
    const html = renderToStaticMarkup(<Report result={withCosts} />);
    expect(html.match(/data-testid="caller-costs"/g)).toHaveLength(1);
    expect(html).toContain(sentence);
    expect(html).toContain("measured by pnpm bench:codecs on 2026-11-26, Test CPU (2 cores), linux x64");
  });
});

describe("a run that asked both headline questions", () => {
  const asked = makeQuestionsResult();
  const html = renderToStaticMarkup(<Report result={asked} />);
  const answer = html.slice(
    html.indexOf('data-testid="answer-verdicts"'),
    html.indexOf('data-testid="answer-sentences"'),
  );

  it("shows each cell's latency and capacity side by side on the first screen, each column headed by its question", () => {
    expect(answer).toContain("Latency · p50 at one call in flight");
    expect(answer).toContain("Capacity · calls per second per server core at 8 in flight");
    const noop = answer.slice(answer.indexOf("<td>No-op"), answer.indexOf("</tr>", answer.indexOf("<td>No-op")));
    expect(noop).toMatch(/<span class="winner-rest">REST 1\.65x sooner<\/span> <span[^>]*>\[1\.\d\d-1\.\d\d\]<\/span>/);
    expect(noop).toMatch(
      /<span class="winner-grpc">gRPC 1\.96x calls\/core<\/span> <span[^>]*>\[1\.\d\d-2\.\d\d\]<\/span>/,
    );
    expect(noop).toContain("h2load (server + wire)");
    // Each figure's sentence, with its interval, is one hover away; the row's is both answers.
    const cell = asked.cells[0]!;
    expect(noop).toContain(`title="${cell.questions!.latency.p50!.text}"`);
    expect(noop).toContain(`title="${cell.questions!.capacity.comparison!.text}"`);
    expect(answer).toContain(`title="${cell.verdict}"`);
    expect(answer).toMatch(/<span class="winner-none">not saturated \(REST 1\.01x\)<\/span>/);
    expect(answer).toMatch(/<span class="winner-none">the same within 5%<\/span>/);
  });

  it("names each cell's load beside its own figures, and leads each cell's section with both answers", () => {
    const verdicts = html.slice(html.indexOf('data-testid="verdicts"'));
    const head = verdicts.slice(0, verdicts.indexOf("</thead>"));
    expect(head).toMatch(
      /<th>At p50 @1<\/th><th>At p50 @8<\/th><th>At p99 @8<\/th><th>Throughput<\/th><th>Calls per core<\/th>/,
    );
    for (const cell of asked.cells) expect(html).toContain(cell.questions!.text);
    expect(html.match(/data-testid="verdict"/g)).toHaveLength(asked.cells.length);
    expect(html).toContain("Latency (1 in flight):");
    expect(html).toContain("At 8 in flight, under saturation:");
    expect(html).toMatch(/p50 \/ p99 at 1 in flight, ms<\/td><td[^>]*>0\.176 \/ 0\.410<\/td>/);
    expect(html).toMatch(/Calls per second per server core<\/td><td[^>]*>5,556<\/td><td[^>]*>10,870<\/td>/);
  });
});
