import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { FINDING_KINDS } from "@relix/core/findings/finding-catalog";
import { FINDINGS_DOC, findingSection } from "./explain";

describe("the finding catalog and its pages", () => {
  it("has one page per code in docs/findings.md, headed by the code, the kind and the title the reports print", async () => {
    const doc = await readFile(FINDINGS_DOC, "utf8");
    const codes = Object.values(FINDING_KINDS).map((k) => k.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [kind, entry] of Object.entries(FINDING_KINDS)) {
      const section = findingSection(doc, entry.code);
      expect(section, entry.code).not.toBeNull();
      expect(section!.split("\n")[0]).toBe(`## ${entry.code} ${kind}: ${entry.title}`);
      expect(doc).toContain(`<a id="${entry.code}"></a>`);
      expect(section).toContain("**What to do.**");
    }
  });
});
