import { describe, expect, it } from "vitest";
import { getPreset, specFromPreset } from "../../presets/presets";
import { makeRunResult } from "../../testing/result-fixture";
import { renderMarkdownReport } from "../markdown/markdown";
import { presetChangedNote } from "./run-summary";
import { renderTableReport } from "./table";

const quick = () => specFromPreset("quick");

describe("a preset's notes for a run whose flags changed the preset", () => {
  it("says nothing for the preset's own spec", () => {
    const result = makeRunResult({ spec: quick() });
    expect(presetChangedNote(result)).toBeNull();
    expect(renderTableReport(result)).toContain("About the quick preset");
    expect(renderTableReport(result)).not.toContain("as shipped");
  });

  it("names every setting the run changed, so a note about one is not read as the run's", () => {
    const result = makeRunResult({ spec: { ...quick(), clients: "tools", durationMs: 2_000 } });
    const note = "These notes describe the quick preset as shipped; this run changed its clients and durationMs";
    expect(presetChangedNote(result)).toMatch(
      new RegExp(`^${note}, so a note about those settings may not hold for it\\.$`),
    );
    const table = renderTableReport(result);
    // Said before the notes, under the section's title.
    expect(table.indexOf(note)).toBeGreaterThan(table.indexOf("About the quick preset"));
    const firstNote = table.indexOf(`- ${getPreset("quick").notes[0]}`);
    expect(firstNote).toBeGreaterThan(-1);
    expect(table.indexOf(note)).toBeLessThan(firstNote);
    expect(renderMarkdownReport(result)).toContain(`**${note}`);
  });

  it("says nothing for a run of no preset", () => {
    expect(presetChangedNote(makeRunResult())).toBeNull();
  });
});
