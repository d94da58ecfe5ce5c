import { describe, expect, it } from "vitest";
import { csvField, csvHeader, renderCsv } from "./csv";
import { makeRunResult } from "../../testing/result-fixture";
import { makeQuestionsResult } from "../../testing/questions-fixture";

/** A small RFC 4180 reader, to check the file round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  return rows;
}

describe("csvField", () => {
  it("quotes only when needed and doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(0)).toBe("0");
  });

  it("turns text a spreadsheet would run as a formula into text, with a leading single quote", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("+1+2")).toBe("'+1+2");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe(`"'\r=1"`);
    expect(csvField("-")).toBe("'-");
  });

  it("keeps numbers numbers: negative ones, and numbers written as text, get no quote", () => {
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField(-3e-7)).toBe("-3e-7");
    expect(csvField(-Infinity)).toBe("-Infinity");
    expect(csvField("-12.5")).toBe("-12.5");
    expect(csvField("-.5")).toBe("-.5");
    expect(csvField("1e-9")).toBe("1e-9");
    // Only the first character counts: text with a formula sign inside is plain text.
    expect(csvField("cross-region")).toBe("cross-region");
    expect(csvField("UNAVAILABLE=2")).toBe("UNAVAILABLE=2");
  });
});

describe("renderCsv", () => {
  const result = makeRunResult({
    cells: [
      { workload: "item.get", cacheMode: "warm", grpc: { errors: { UNAVAILABLE: 2, DEADLINE_EXCEEDED: 1 } } },
      { workload: "noop" },
    ],
  });
  const rows = parseCsv(renderCsv(result));

  it("writes a header and one row per cell x protocol, CRLF-terminated", () => {
    expect(renderCsv(result).endsWith("\r\n")).toBe(true);
    expect(rows[0]).toEqual(csvHeader);
    expect(rows).toHaveLength(1 + 4);
    expect(rows.slice(1).map((r) => `${r[2]}/${r[6]}`)).toEqual([
      "item.get/rest",
      "item.get/grpc",
      "noop/rest",
      "noop/grpc",
    ]);
  });

  it("carries every numeric field, keyed by column name", () => {
    const grpc = Object.fromEntries(csvHeader.map((name, i) => [name, rows[2]![i]]));
    expect(grpc).toMatchObject({
      rps: "14000",
      latency_p50_ms: "0.5",
      latency_p99_ms: "1.6",
      latency_p999_ms: "2.4",
      errors_total: "3",
      errors_by_code: "UNAVAILABLE=2;DEADLINE_EXCEEDED=1",
      request_body_bytes: "5",
      response_body_bytes: "83",
      tcp_connections: "1",
      in_flight: "8",
      cache_hit_ratio: "1",
      generator_tool: "ghz",
      generator_saturated: "false",
    });
    expect(Number(grpc.p50_speedup)).toBeCloseTo(1.6);
    expect(Number(grpc.p50_speedup_low)).toBeGreaterThan(1);
    expect(grpc.verdict).toMatch(/^gRPC 1\.60x faster at p50/);
    for (const name of [
      "latency_mean_ms",
      "latency_stddev_ms",
      "server_cpu_ms_per_1000",
      "wire_bytes_sent_per_request",
      "rps_speedup_high",
    ]) {
      expect(Number.isFinite(Number(grpc[name])), name).toBe(true);
    }
  });

  it("neutralises a label that is a formula (an imported result can carry anything), keeps negative figures", () => {
    const hostile = makeRunResult();
    hostile.cells[0]!.label = '=HYPERLINK("http://rebind.example","open")';
    hostile.cells[0]!.rest.rps = -1;
    const [header, first] = parseCsv(renderCsv(hostile));
    const row = Object.fromEntries(header!.map((name, i) => [name, first![i]]));
    expect(row.label).toBe(`'=HYPERLINK("http://rebind.example","open")`);
    expect(row.rps).toBe("-1");
  });

  it("quotes a verdict that holds a comma", () => {
    const withComma = makeRunResult();
    withComma.cells[0]!.verdict = "gRPC faster, clearly";
    expect(renderCsv(withComma)).toContain(',"gRPC faster, clearly",');
  });
});

describe("renderCsv with placements", () => {
  it("names each row's placement and the RTT it was measured at; an older result's rows say loopback", () => {
    const placed = makeRunResult({
      spec: { workloads: ["noop"], network: ["loopback", "cross-region"] },
      placements: [{ name: "cross-region", measuredRttMs: 148.2 }],
    });
    const rows = parseCsv(renderCsv(placed)).slice(1);
    const column = (name: string) => rows.map((r) => r[csvHeader.indexOf(name)]);
    expect(column("placement")).toEqual(["loopback", "loopback", "cross-region", "cross-region"]);
    expect(column("placement_rtt_ms")).toEqual(["0.03", "0.03", "148.2", "148.2"]);
    const older = parseCsv(renderCsv(makeRunResult())).slice(1);
    expect(older.map((r) => r[csvHeader.indexOf("placement")])).toEqual(["loopback", "loopback"]);
    expect(older.map((r) => r[csvHeader.indexOf("placement_rtt_ms")])).toEqual(["", ""]);
  });
});

describe("renderCsv with a cell measured both ways", () => {
  /** One meteorites.get cell driven by the tools and by h2load for both, its verdict the latter's. */
  function bothWays() {
    const result = makeRunResult({ cells: [{ workload: "meteorites.get" }] });
    const cell = result.cells[0]!;
    const p50 = cell.comparisons.find((c) => c.metric === "p50")!;
    cell.toolClients = {
      trials: cell.trials.map((t) => ({ rest: t.rest, grpc: t.grpc })),
      rest: { ...cell.rest, rps: 250, generator: { ...cell.rest.generator, tool: "autocannon", cpuMsPerRequest: 1.4 } },
      grpc: { ...cell.grpc, rps: 110, generator: { ...cell.grpc.generator, tool: "ghz", cpuMsPerRequest: 8.2 } },
      comparisons: [{ ...p50, ci: { ...p50.ci, estimate: 0.45, low: 0.4, high: 0.5 }, text: "REST 2.22x faster" }],
      verdict: "REST 2.22x faster at p50 (the tools)",
      cpuFactor: 5.9,
      reason: "asked",
    };
    cell.clientSteps = (["rest", "grpc"] as const).map((side) => ({
      side,
      stack: side === "rest" ? ("express" as const) : ("grpc-js" as const),
      from: side === "rest" ? "autocannon" : "ghz",
      to: "h2load",
      comparisons: [
        {
          metric: "p50" as const,
          ci: { ...p50.ci, estimate: side === "rest" ? 1.02 : 1.65, low: 1, high: 2 },
          winner: "to" as const,
          text: "h2load faster",
        },
      ],
      gapShare: side === "rest" ? null : 0.6,
      text: "its step",
    }));
    cell.rest = {
      ...cell.rest,
      rps: 270,
      generator: { ...cell.rest.generator, tool: "h2load", cpuMsPerRequest: 0.15 },
    };
    cell.grpc = {
      ...cell.grpc,
      rps: 170,
      generator: { ...cell.grpc.generator, tool: "h2load", cpuMsPerRequest: 0.21 },
    };
    cell.verdict = "REST 1.54x faster at p50 (one client for both)";
    return result;
  }

  it("has the tools' rows with their own speedup and verdict, then the equal client's pair, which the verdict rests on", () => {
    const rows = parseCsv(renderCsv(bothWays())).slice(1);
    const column = (name: string) => rows.map((r) => r[csvHeader.indexOf(name)]);
    expect(column("client_view")).toEqual(["tools", "tools", "equal", "equal"]);
    expect(column("headline")).toEqual(["false", "false", "true", "true"]);
    expect(column("generator_tool")).toEqual(["autocannon", "ghz", "h2load", "h2load"]);
    expect(column("rps")).toEqual(["250", "110", "270", "170"]);
    expect(column("p50_speedup").slice(0, 2)).toEqual(["0.45", "0.45"]);
    expect(column("p50_speedup").slice(2)).not.toContain("0.45");
    expect(column("verdict")).toEqual([
      "REST 2.22x faster at p50 (the tools)",
      "REST 2.22x faster at p50 (the tools)",
      "REST 1.54x faster at p50 (one client for both)",
      "REST 1.54x faster at p50 (one client for both)",
    ]);
    // Each equal-client row carries its side's step from the tool it replaced.
    expect(column("client_step_from")).toEqual(["", "", "autocannon", "ghz"]);
    expect(column("client_step_p50_ratio")).toEqual(["", "", "1.02", "1.65"]);
    expect(column("client_step_gap_share")).toEqual(["", "", "", "0.6"]);
  });

  it("gives CPU per call at the client, the server and both, on every row", () => {
    const rows = parseCsv(renderCsv(bothWays())).slice(1);
    const column = (name: string) => rows.map((r) => r[csvHeader.indexOf(name)]);
    expect(column("client_cpu_ms_per_call")).toEqual(["1.4", "8.2", "0.15", "0.21"]);
    const server = column("server_cpu_ms_per_call");
    const total = column("total_cpu_ms_per_call");
    rows.forEach((_r, i) => {
      if (server[i] === "") expect(total[i]).toBe("");
      else expect(Number(total[i])).toBeCloseTo(Number(column("client_cpu_ms_per_call")[i]) + Number(server[i]!), 9);
    });
  });

  it("marks a cell measured one way as its own headline, in the view its measures record", () => {
    const rows = parseCsv(renderCsv(makeRunResult())).slice(1);
    expect(rows.map((r) => r[csvHeader.indexOf("client_view")])).toEqual(["tools", "tools"]);
    expect(rows.map((r) => r[csvHeader.indexOf("headline")])).toEqual(["true", "true"]);
    const equalRun = makeRunResult({ spec: { clients: "equal" } });
    const equalRows = parseCsv(renderCsv(equalRun)).slice(1);
    expect(equalRows.map((r) => r[csvHeader.indexOf("client_view")])).toEqual(["equal", "equal"]);
  });
});

describe("renderCsv of a run that asked both headline questions", () => {
  const result = makeQuestionsResult();
  const rows = parseCsv(renderCsv(result)).slice(1);
  const column = (name: string) => rows.map((r) => r[csvHeader.indexOf(name)]);

  it("appends the new columns after the existing ones, whose order stays", () => {
    const before = csvHeader.slice(0, csvHeader.indexOf("client_step_gap_share") + 1);
    expect(csvHeader.slice(before.length)).toEqual([
      "speedup_load",
      "latency_load",
      "latency_p50_speedup",
      "latency_p50_speedup_low",
      "latency_p50_speedup_high",
      "latency_p50_winner",
      "latency_p99_speedup",
      "latency_p99_speedup_low",
      "latency_p99_speedup_high",
      "latency_p99_winner",
      "capacity_per_core_speedup",
      "capacity_per_core_speedup_low",
      "capacity_per_core_speedup_high",
      "capacity_per_core_winner",
      "capacity_saturated",
    ]);
    expect(before.slice(0, 3)).toEqual(["run_id", "preset", "workload"]);
  });

  it("names the own load of the p50_speedup columns and gives the latency at one call in flight beside them", () => {
    const noop = result.cells[0]!;
    const first = Object.fromEntries(csvHeader.map((name, i) => [name, rows[0]![i]]));
    expect(first.workload).toBe("noop");
    expect(first.speedup_load).toBe("8 in flight");
    // 8 in flight: gRPC about 1.9x faster; one call in flight: REST answers sooner.
    expect(Number(first.p50_speedup)).toBeGreaterThan(1);
    expect(first.latency_load).toBe("one-in-flight");
    expect(Number(first.latency_p50_speedup)).toBeCloseTo(noop.questions!.latency.p50!.ci.estimate, 6);
    expect(Number(first.latency_p50_speedup_low)).toBeCloseTo(noop.questions!.latency.p50!.ci.low, 6);
    expect(Number(first.latency_p50_speedup_high)).toBeCloseTo(noop.questions!.latency.p50!.ci.high, 6);
    expect(first.latency_p50_winner).toBe("rest");
    expect(Number(first.latency_p99_speedup)).toBeCloseTo(noop.questions!.latency.p99!.ci.estimate, 6);
    expect(Number(first.capacity_per_core_speedup)).toBeCloseTo(noop.questions!.capacity.comparison!.ci.estimate, 6);
    expect(first.capacity_per_core_winner).toBe(noop.questions!.capacity.comparison!.winner);
    expect(first.capacity_saturated).toBe("true");
  });

  it("says a server that was not busy was not saturated", () => {
    const i = result.cells.findIndex((c) => c.workload === "meteorites.get");
    expect(result.cells[i]!.questions!.capacity.saturated).toBe(false);
    expect(column("capacity_saturated")[column("workload").indexOf("meteorites.get")]).toBe("false");
  });

  it("leaves the question columns empty in a result written before them, and still names the load", () => {
    const older = parseCsv(renderCsv(makeRunResult())).slice(1);
    const at = (name: string) => older.map((r) => r[csvHeader.indexOf(name)]);
    expect(at("speedup_load")).toEqual(["8 in flight", "8 in flight"]);
    for (const name of ["latency_load", "latency_p50_speedup", "capacity_per_core_winner", "capacity_saturated"])
      expect(at(name)).toEqual(["", ""]);
  });
});
