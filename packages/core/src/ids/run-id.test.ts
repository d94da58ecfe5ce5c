import { describe, expect, it } from "vitest";
import { isRunId, newRunId, runIdSchema } from "./run-id";

describe("run ids", () => {
  it("are 16 url-safe characters, all different, with no shared prefix from a counter or a clock", () => {
    const ids = Array.from({ length: 2000 }, () => newRunId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(isRunId(id)).toBe(true);
    }
    // Ids made one after another share no more than chance would give them.
    const prefixes = new Set(ids.map((id) => id.slice(0, 3)));
    expect(prefixes.size).toBeGreaterThan(1900);
  });

  it("refuses anything that could escape a path or a query", () => {
    for (const bad of ["", "short", "../../etc/passwd", "abc def ghi", "a".repeat(65), "abcdefgh.json"]) {
      expect(isRunId(bad)).toBe(false);
      expect(runIdSchema.safeParse(bad).success).toBe(false);
    }
  });
});
