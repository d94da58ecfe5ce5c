import { describe, expect, it } from "vitest";
import { SHAPE_ROWS, shapeKinds, shapeSchemas } from "../domain";
import { generateShapes } from "./generate-shapes";

/** Scalar values anywhere in the object: what study 002 counts as "values". */
function leafCount(value: unknown): number {
  if (value !== null && typeof value === "object") {
    return Object.values(value).reduce<number>((sum, child) => sum + leafCount(child), 0);
  }
  return 1;
}

/** Levels of objects in `value`: 0 for a scalar, 1 for an object of scalars, and so on. */
function nesting(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  return 1 + Math.max(0, ...Object.values(value).map(nesting));
}
/** Levels below the row itself: Deepest.nine is DepthNine, nine objects deep. */
const objectDepth = (row: object) => nesting(row) - 1;

function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (value !== null && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const child of Object.values(value)) yield* objectsIn(child);
  }
}

describe("generateShapes", () => {
  it.each(shapeKinds)("makes %s rows 1..100 that match the domain schema", (kind) => {
    const rows = generateShapes(kind);
    expect(rows).toHaveLength(SHAPE_ROWS);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: SHAPE_ROWS }, (_, i) => i + 1));
    for (const row of rows) expect(shapeSchemas[kind].parse(row)).toEqual(row);
  });

  it("has study 002's widths: 10, 64 and 388 values", () => {
    expect(leafCount(generateShapes("small")[0])).toBe(10);
    expect(leafCount(generateShapes("medium")[0])).toBe(64);
    expect(leafCount(generateShapes("large")[0])).toBe(388);
  });

  it("has study 002's depths: 3, 6 and 9 levels of nesting", () => {
    expect(objectDepth(generateShapes("deep")[0]!)).toBe(3);
    expect(objectDepth(generateShapes("deeper")[0]!)).toBe(6);
    expect(objectDepth(generateShapes("deepest")[0]!)).toBe(9);
    // DepthOne is the end of every chain: it has no `child` key at all (not even undefined).
    const deepest = generateShapes("deepest")[99]!;
    let node = deepest.nine;
    for (let level = 9; level > 1; level--) node = node.child!;
    expect(Object.keys(node)).toEqual(["id", "text", "number", "decimal"]);
  });

  it("keeps strings at 15-25 chars, ints in int32, ids distinct per row and within uint32", () => {
    for (const kind of shapeKinds) {
      for (const row of generateShapes(kind)) {
        const ids = new Set<number>();
        for (const object of objectsIn(row)) {
          const id = object.id as number;
          expect(ids.has(id)).toBe(false);
          ids.add(id);
          expect(id).toBeLessThan(2 ** 32);
          for (const [key, value] of Object.entries(object)) {
            if (typeof value === "string") {
              expect(value.length, key).toBeGreaterThanOrEqual(15);
              expect(value.length, key).toBeLessThanOrEqual(25);
            }
            if (key.startsWith("number")) {
              expect(Number.isInteger(value)).toBe(true);
              expect(Math.abs(value as number)).toBeLessThanOrEqual(2 ** 31);
            }
          }
        }
      }
    }
  });

  it("is deterministic per seed, and kinds draw from separate streams", () => {
    expect(generateShapes("large", "x")).toEqual(generateShapes("large", "x"));
    expect(generateShapes("small", "x")).not.toEqual(generateShapes("small", "y"));
    expect(generateShapes("small")[0]!.text1).not.toBe(generateShapes("medium")[0]!.text);
  });
});
