import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { renderMarkdownReport } from "@relix/core/render/markdown/markdown";
import { renderTableReport } from "@relix/core/render/terminal/table";
import { callerCostsForRun, callerCostsPath, thisMachine } from "./caller-costs";

const dir = mkdtempSync(path.join(tmpdir(), "relix-caller-costs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (file: string) => ({ RELIX_CALLER_COSTS: file });
/**
 * The file `pnpm bench:codecs` wrote (committed with the repository), stamped with this machine's
 * CPU so the test reads it as measured here wherever it runs.
 */
const committed = JSON.parse(readFileSync(callerCostsPath({}), "utf8")) as { machine: Record<string, unknown> };
const measured = path.join(dir, "measured-here.json");
writeFileSync(measured, JSON.stringify({ ...committed, machine: { ...committed.machine, ...thisMachine() } }));

describe("the caller costs a run copies into its result", () => {
  it("takes the run's own workloads from the measured file, each runtime with its sentence", () => {
    const found = callerCostsForRun(["meteorites.get", "noop", "meteorites.get"], env(measured));
    expect(found.record).not.toBeNull();
    const workloads = found.record!.workloads;
    // noop has no body worth measuring: only meteorites.get, once.
    expect(workloads.map((w) => w.workload)).toEqual(["meteorites.get"]);
    const go = workloads[0]!.runtimes.find((r) => r.runtime === "go");
    expect(go?.sentence).toMatch(/^a Go caller decodes this reply in .+ as JSON, .+ as protobuf$/);
    expect(found.record!.measuredAt).toBe((committed as unknown as { measuredAt: string }).measuredAt);
  });

  it("says why there are none: no file, not JSON, not the schema, none of the run's workloads", () => {
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    const other = path.join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ schema: "something else" }));
    const elsewhere = path.join(dir, "elsewhere.json");
    writeFileSync(elsewhere, JSON.stringify({ ...committed, machine: { ...committed.machine, cores: 96 } }));
    const cases = [
      [path.join(dir, "missing.json"), /does not exist: run pnpm bench:codecs/],
      [elsewhere, /was measured on another machine \(.*96 cores\): run pnpm bench:codecs here/],
      [broken, /is not JSON/],
      [other, /is not a relix.caller-costs\/v1 file/],
      [measured, /measured none of this run's workloads/],
    ] as const;
    for (const [file, why] of cases) {
      const found = callerCostsForRun(file === measured ? ["noop"] : ["item.get"], env(file));
      expect(found.record).toBeNull();
      expect("why" in found ? found.why : "").toMatch(why);
    }
  });

  it("is shown in the terminal and the Markdown under the results", () => {
    const record = callerCostsForRun(["item.get"], env(measured)).record!;
    const result = { ...makeRunResult({ cells: [{ workload: "item.get" }] }), callerCosts: record };
    for (const report of [renderTableReport(result), renderMarkdownReport(result)]) {
      expect(report).toContain("What a caller pays");
      expect(report).toContain("a Python caller decodes this reply in");
    }
  });
});
