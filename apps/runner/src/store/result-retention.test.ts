import { describe, expect, it } from "vitest";
import { resultsToRemove, type StoredResultSize } from "./result-retention";

const imported = (id: string, importedAt: number, bytes = 100): StoredResultSize => ({
  id,
  importedAt,
  finishedAt: 0,
  bytes,
});
const measured = (id: string, finishedAt: number, bytes = 100): StoredResultSize => ({
  id,
  importedAt: null,
  finishedAt,
  bytes,
});

describe("which results retention removes", () => {
  it("removes nothing within the limits, or without any", () => {
    const stored = [imported("a", 1), measured("b", 2)];
    expect(resultsToRemove(stored, { maxCount: 2, maxBytes: 200 })).toEqual([]);
    expect(resultsToRemove(stored, { maxCount: null, maxBytes: null })).toEqual([]);
  });

  it("removes the oldest imports first, then the oldest runs measured here, until the rest fit", () => {
    // Imports go by when they arrived, even one newer than every measured run.
    const stored = [measured("m-old", 1), imported("i-new", 50), measured("m-new", 40), imported("i-old", 10)];
    expect(resultsToRemove(stored, { maxCount: 3, maxBytes: null })).toEqual(["i-old"]);
    expect(resultsToRemove(stored, { maxCount: 2, maxBytes: null })).toEqual(["i-old", "i-new"]);
    expect(resultsToRemove(stored, { maxCount: 1, maxBytes: null })).toEqual(["i-old", "i-new", "m-old"]);
  });

  it("counts bytes: the oldest go until the rest weigh no more than the limit", () => {
    const stored = [measured("a", 1, 600), measured("b", 2, 300), measured("c", 3, 300)];
    expect(resultsToRemove(stored, { maxCount: null, maxBytes: 700 })).toEqual(["a"]);
    expect(resultsToRemove(stored, { maxCount: null, maxBytes: 500 })).toEqual(["a", "b"]);
    // Both limits at once: whichever is stricter decides.
    expect(resultsToRemove(stored, { maxCount: 1, maxBytes: 10_000 })).toEqual(["a", "b"]);
  });

  it("never removes the result just stored, even when it alone is over the limit", () => {
    const stored = [measured("old", 1, 100), imported("just-imported", 2, 5000)];
    expect(resultsToRemove(stored, { maxCount: null, maxBytes: 1000 }, new Set(["just-imported"]))).toEqual(["old"]);
  });

  it("picks the same results every time when times are equal", () => {
    const stored = [measured("b", 5), measured("a", 5), measured("c", 5)];
    expect(resultsToRemove(stored, { maxCount: 1, maxBytes: null })).toEqual(["a", "b"]);
  });
});
