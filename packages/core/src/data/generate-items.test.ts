import { describe, expect, it } from "vitest";
import { itemSchema } from "../domain";
import { generateItems } from "./generate-items";

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("generateItems", () => {
  const items = generateItems();

  it("makes 10,000 valid items with ids 1..10000 (the largest list item.list answers)", () => {
    expect(items).toHaveLength(10_000);
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1));
    for (const item of items) itemSchema.parse(item);
  });

  it("sizes a typical item like study 000's record (~110 B of JSON)", () => {
    const sizes = items.map(bytes).sort((a, b) => a - b);
    const median = sizes[sizes.length >> 1]!;
    expect(median).toBeGreaterThanOrEqual(100);
    expect(median).toBeLessThanOrEqual(125);
    // No outliers either: the cache and the wire see records of one size.
    expect(sizes[0]).toBeGreaterThanOrEqual(95);
    expect(sizes.at(-1)).toBeLessThanOrEqual(135);
  });

  it("gives prices with at most two decimals, 1-2 distinct tags, 2024-2025 timestamps", () => {
    const from = Date.UTC(2024, 0, 1);
    const to = Date.UTC(2026, 0, 1);
    for (const item of items) {
      expect(String(item.price)).toMatch(/^\d+(\.\d{1,2})?$/);
      expect(item.tags.length).toBeGreaterThanOrEqual(1);
      expect(item.tags.length).toBeLessThanOrEqual(2);
      expect(new Set(item.tags).size).toBe(item.tags.length);
      expect(item.createdAt).toBeGreaterThanOrEqual(from);
      expect(item.createdAt).toBeLessThan(to);
    }
  });

  it("is deterministic per seed, and the seed matters", () => {
    expect(generateItems(50, "a")).toEqual(generateItems(50, "a"));
    expect(generateItems(50, "a")).not.toEqual(generateItems(50, "b"));
    // A shorter list is a prefix of a longer one, so `count` never reshuffles the data.
    expect(generateItems(10)).toEqual(items.slice(0, 10));
  });
});
