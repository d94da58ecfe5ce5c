import { describe, expect, it } from "vitest";
import { findWorkload } from "../catalog/catalog";
import { placementName } from "../network/placements";
import { runSpecSchema } from "../spec/run-spec";
import { estimateMeasuringMs, plannedCells } from "./measuring-time";
import { runPairOf } from "../stacks/stack-pair";
import { unservedWorkloads } from "../stacks/stack-workloads";
import { presetDocSection, presetsDoc } from "../testing/presets-doc";
import { publishedMeasures } from "./preset";
import { getPreset, presetNames, presets, specFromPreset } from "./presets";

describe("presets", () => {
  it("has quick, one preset per study and crossover, with unique names and one-line descriptions", () => {
    expect(presetNames).toEqual([
      "quick",
      "study-000",
      "study-001",
      "study-002",
      "study-003",
      "study-004",
      "crossover",
    ]);
    for (const preset of presets) {
      expect(preset.description).not.toMatch(/\n/);
      expect(preset.description.length).toBeLessThan(160);
    }
  });

  it.each(presetNames)(
    "%s: its notes are at most three short lines, the last its calibration and a link to its section of docs/presets.md",
    (name) => {
      const { notes } = getPreset(name);
      expect(notes.length).toBeGreaterThan(0);
      expect(notes.length).toBeLessThanOrEqual(3);
      for (const note of notes) {
        expect(note).not.toMatch(/\n/);
        expect(note.length, note).toBeLessThanOrEqual(115);
      }
      expect(notes.at(-1)).toMatch(new RegExp(`^(Reference calibration|Not calibrated).* docs/presets\\.md#${name}$`));
      // The link's anchor exists: the section is headed with the preset's name.
      expect(presetsDoc()).toContain(`\n## ${name}\n`);
      expect(presetDocSection(name).length).toBeGreaterThan(200);
    },
  );

  it.each(presetNames)("%s: its spec validates and records the preset's name", (name) => {
    const spec = specFromPreset(name);
    expect(runSpecSchema.parse(spec)).toEqual(spec);
    expect(spec.preset).toBe(name);
  });

  it("study presets run 3 trials by default, but study-000 the one trial of the length it was calibrated at", () => {
    for (const name of presetNames.filter((n) => n.startsWith("study-") && n !== "study-000")) {
      expect(specFromPreset(name).trials).toBe(3);
    }
    expect(specFromPreset("study-000")).toMatchObject({ trials: 1, durationMs: 2_000, warmupMs: 1_000 });
  });

  it("quick measures for at most 45 s, at 8 and at 1 in flight over three launches, leaving room for service starts within 90 s", () => {
    const spec = specFromPreset("quick");
    const ms = estimateMeasuringMs(spec);
    expect(ms).not.toBeNull();
    expect(ms!).toBeLessThanOrEqual(45_000);
    // One client for both, chosen before the run: the headline rests on it in every run.
    expect(spec.clients).toBe("equal");
    // Launches are the interval's replicates: a t interval needs three at least.
    expect(spec.trials).toBeGreaterThanOrEqual(3);
    expect(ms).toBe(plannedCells(spec).length * 4 * spec.trials * (spec.warmupMs + spec.durationMs));
    // noop, item.get warm, a large payload, a stream: what quick promises to cover.
    const cells = plannedCells(spec);
    expect(cells).toContainEqual({ workload: "noop", cacheMode: "none" });
    expect(cells).toContainEqual({ workload: "item.get", cacheMode: "warm" });
    expect(cells).toContainEqual({ workload: "meteorites.get", cacheMode: "warm" });
    expect(cells.some((c) => findWorkload(c.workload)!.streaming)).toBe(true);
  });

  it.each(presets.filter((p) => p.published).map((p) => [p.name, p] as const))(
    "%s: every published figure names a workload, cache mode and placement the preset runs",
    (_name, preset) => {
      const spec = specFromPreset(preset.name);
      const cells = plannedCells(spec);
      const placements = spec.network.map(placementName);
      for (const figure of preset.published!) {
        expect(placements).toContain(figure.placement ?? "loopback");
        expect(findWorkload(figure.workload), figure.workload).toBeDefined();
        expect(cells, `${figure.workload} ${figure.cacheMode}`).toContainEqual({
          workload: figure.workload,
          cacheMode: figure.cacheMode,
        });
        expect(publishedMeasures).toContain(figure.measure);
        // A protocol-free figure (004's PING) is one reference number, carried in its label.
        expect(figure.rest !== null || figure.grpc !== null || /^reference: /.test(figure.label)).toBe(true);
      }
    },
  );

  it("crossover sweeps item.list's records across the three placements in under 4 minutes of measuring, both client views and refinements counted", () => {
    const spec = specFromPreset("crossover");
    expect(spec.workloads).toEqual(["item.list"]);
    expect(spec.sweep?.axes.map((a) => a.dimension)).toEqual(["records", "network"]);
    expect(spec.network).toEqual(["loopback", "same-zone", "cross-region"]);
    expect(spec.trials).toBe(1);
    // 15 grid points x 4 sides x 2.5 s + 8 refinement cells x 4 sides x 2.5 s: a sweep measures the
    // tools and one client for both.
    expect(estimateMeasuringMs(spec)).toBe(15 * 4 * 2_500 + 8 * 4 * 2_500);
    expect(estimateMeasuringMs(spec)!).toBeLessThanOrEqual(4 * 60_000);
    expect(presetDocSection("crossover")).toMatch(/same-zone is refused/);
  });

  it("study-001 compares the Light level's figures only, under the load its users offer each task", () => {
    const preset = getPreset("study-001");
    expect(preset.published!.every((f) => f.label.includes("Light"))).toBe(true);
    expect(Object.keys(specFromPreset("study-001").workloadLoads ?? {}).sort()).toEqual(["echo", "stream", "upload"]);
    // Every latency figure says the published gRPC 1.75 ms is not a measurement, beside the figure itself.
    for (const figure of preset.published!.filter((f) => f.measure === "p50Ms")) {
      expect(figure.note).toMatch(/1\.75 ms.*artefact/);
    }
    expect(presetDocSection("study-001")).toMatch(/1\.75 ms: an artefact/);
  });

  it.each([
    ["study-000", { rest: "spring", grpc: "grpc-java" }],
    ["study-001", { rest: "fastapi", grpc: "grpcio" }],
    ["study-004", { rest: "flask", grpc: "grpcio" }],
  ] as const)("%s compares the study's own runtime, with Node's pair measured beside it", (name, pair) => {
    const spec = specFromPreset(name);
    expect(spec.pair).toEqual(pair);
    expect(runPairOf(spec)).toEqual(pair);
    expect([...spec.stacks].sort()).toEqual(["express", "grpc-js", pair.rest, pair.grpc].sort());
    // Every workload is served by every stack of the run: nothing is refused before it starts.
    expect(unservedWorkloads(spec.stacks, spec.workloads)).toEqual([]);
    const notes = getPreset(name).notes.join(" ");
    expect(notes).toContain(`(${pair.rest} vs ${pair.grpc})`);
    expect(notes).toContain("(express vs grpc-js)");
    expect(presetDocSection(name)).toMatch(
      /What still differs from the study:\*\* the hardware .* the versions .* the client/,
    );
    // Node's pair alone, as docs/presets.md says.
    const node = specFromPreset(name, { pair: { rest: "express", grpc: "grpc-js" }, stacks: ["express", "grpc-js"] });
    expect(node.stacks).toEqual(["express", "grpc-js"]);
  });

  it("study-002 shows published seconds per call as ms per call", () => {
    const small = getPreset("study-002").published!.find((f) => f.workload === "shape.small.get")!;
    expect(small).toMatchObject({ unit: "ms", rest: 18.1, grpc: 67.7, measure: "meanMs" });
    const large = getPreset("study-002").published!.find((f) => f.workload === "shape.large.stream")!;
    expect(large).toMatchObject({ rest: 181.6, grpc: 702.5 });
  });

  it("study-004 runs its three placements and shows all 27 published figures: 8 per placement and a PING each", () => {
    const spec = specFromPreset("study-004");
    expect(spec.network).toEqual(["loopback", "same-zone", "cross-region"]);
    const figures = getPreset("study-004").published!;
    for (const placement of spec.network.map(placementName)) {
      const own = figures.filter((f) => (f.placement ?? "loopback") === placement);
      const numbers = own.flatMap((f) => [f.rest, f.grpc]).filter((x) => x !== null);
      expect(numbers, placement).toHaveLength(8);
      expect(
        own.filter((f) => /^reference: PING/.test(f.label)),
        String(placement),
      ).toHaveLength(1);
    }
    expect(figures.find((f) => f.placement === "cross-region" && f.workload === "math.add")).toMatchObject({
      rest: 303.57,
      grpc: 148.18,
    });
    // Within ~15 minutes even if every placement is measured through all four stacks.
    expect(estimateMeasuringMs(spec)!).toBeLessThanOrEqual(15 * 60_000);
  });

  it("study-004 and study-001 document what the emulation does not reproduce and what a same-zone refusal looks like", () => {
    for (const name of ["study-004", "study-001"]) {
      const section = presetDocSection(name);
      expect(section, name).toMatch(/Toxiproxy/);
      expect(section, name).toMatch(/same-zone is refused/);
      expect(section, name).toMatch(/handshake/);
    }
    // Loopback too: with Toxiproxy same-zone is refused, and the preset still measures something.
    expect(specFromPreset("study-001").network).toEqual(["loopback", "same-zone"]);
    const placements = new Set(getPreset("study-001").published!.map((f) => f.placement));
    expect([...placements]).toEqual(["loopback", "same-zone"]);
  });

  it("study-003 compares ms per loop of 200 calls at connections 1", () => {
    expect(specFromPreset("study-003").connections).toBe(1);
    for (const figure of getPreset("study-003").published!) expect(figure.measure).toBe("msPer200Calls");
  });

  it("study-003 serves its list from a process-local cache, as the study served a static list, and says so", () => {
    expect(specFromPreset("study-003").cacheModes).toEqual(["memory"]);
    const cached = getPreset("study-003").published!.filter((f) => f.cacheMode !== "none");
    for (const figure of cached) expect(figure.cacheMode).toBe("memory");
    expect(getPreset("study-003").notes.join(" ")).toMatch(/cache mode memory/);
  });
});

describe("getPreset / specFromPreset", () => {
  it("names the known presets when asked for an unknown one", () => {
    expect(() => getPreset("nope")).toThrow(
      /unknown preset "nope" \(known: quick, study-000, study-001, study-002, study-003, study-004, crossover\)/,
    );
  });

  it("lets overrides win and ignores undefined ones", () => {
    const spec = specFromPreset("study-000", { connections: 4, trials: undefined, workloads: ["noop", "item.get"] });
    expect(spec).toMatchObject({ connections: 4, trials: 1, workloads: ["noop", "item.get"], preset: "study-000" });
  });

  it("keeps quick's one client for both when a rate or a connection per call is added: it drives either", () => {
    expect(specFromPreset("quick").clients).toBe("equal");
    expect(specFromPreset("quick", { rate: 500 }).clients).toBe("equal");
    expect(specFromPreset("quick", { restConnection: "per-request" }).clients).toBe("equal");
  });

  it("refuses an override outside the bounds, naming the field", () => {
    expect(() => specFromPreset("quick", { connections: 100_000 })).toThrow(/connections/);
  });
});

describe("estimateMeasuringMs", () => {
  it("counts cells x 2 protocols x trials x (warm-up + window), one cell for cache-less workloads", () => {
    const spec = specFromPreset("quick", {
      workloads: ["noop", "item.get"],
      cacheModes: ["warm", "cold", "miss"],
      trials: 2,
      warmupMs: 1000,
      durationMs: 4000,
      clients: "tools",
      connections: 1,
    });
    expect(estimateMeasuringMs(spec)).toBe(4 * 2 * 2 * 5000);
    // One client for both beside the tools: the pair's two sides again, in every cell.
    expect(estimateMeasuringMs({ ...spec, clients: "both" })).toBe(4 * 4 * 2 * 5000);
  });

  it("counts the pair again at one call in flight where a closed loop keeps more in flight", () => {
    const spec = specFromPreset("quick", { workloads: ["noop"], trials: 2, warmupMs: 1000, durationMs: 4000 });
    expect(spec.connections).toBe(8);
    expect(estimateMeasuringMs({ ...spec, clients: "tools" })).toBe(1 * (2 + 2) * 2 * 5000);
    expect(estimateMeasuringMs({ ...spec, clients: "both" })).toBe(1 * (2 + 2 + 2) * 2 * 5000);
    // An open loop at a rate answers it with its own load.
    expect(estimateMeasuringMs({ ...spec, clients: "tools", rate: 100 })).toBe(1 * 2 * 2 * 5000);
  });

  it("counts every stack the spec measures", () => {
    const spec = specFromPreset("quick", {
      workloads: ["noop"],
      trials: 2,
      warmupMs: 1000,
      durationMs: 4000,
      stacks: ["express", "node", "h2c", "grpc-js"],
      clients: "tools",
      connections: 1,
    });
    expect(estimateMeasuringMs(spec)).toBe(1 * 4 * 2 * 5000);
  });

  it("is unknown when windows end after a number of requests in a closed loop", () => {
    expect(estimateMeasuringMs(specFromPreset("quick", { requests: 100 }))).toBeNull();
  });

  it("counts N requests at the open loop's rate as N / rate per side", () => {
    const spec = specFromPreset("quick", {
      workloads: ["noop", "echo"],
      requests: 6_000,
      rate: 2_000,
      trials: 2,
      warmupMs: 500,
      clients: "both",
    });
    // The client for both drives an open loop too: the pair's two sides again in every cell.
    expect(estimateMeasuringMs(spec)).toBe(2 * 4 * 2 * (500 + 3_000));
    // The probe: a million requests at 1 req/s, 20 trials.
    const probe = runSpecSchema.parse({ workloads: ["noop"], requests: 1_000_000, rate: 1, trials: 20 });
    expect(estimateMeasuringMs(probe)).toBe(2 * 20 * (1_000 + 1_000_000_000));
  });

  it("counts a workload's own rate for its cells, and is unknown while another runs in a closed loop", () => {
    const ownLoad = {
      workloadLoads: { echo: { rate: 100, connections: 4 } },
      requests: 1_000,
      warmupMs: 0,
      trials: 1,
    };
    expect(estimateMeasuringMs(specFromPreset("quick", { workloads: ["echo"], ...ownLoad }))).toBe(2 * 10_000);
    expect(estimateMeasuringMs(specFromPreset("quick", { workloads: ["echo", "noop"], ...ownLoad }))).toBeNull();
  });
});
