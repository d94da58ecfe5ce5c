import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { METEORITE_COUNT, SHAPE_ROWS, shapeKinds } from "../domain";
import { DATASET_VERSION, getDataset, ITEM_COUNT, SEED } from "./dataset";

// The canonical data set, fingerprinted. A change in any generator changes it: then bump
// DATASET_VERSION (dataset-seed.ts) so databases seeded with the old data are re-seeded, and
// update this value.
const FINGERPRINT = "65eedbc76064f7872b0939f713be772c68348ed6913fe4db4670ca7b5a7a1941";

const fingerprint = () => {
  const { items, shapes, meteorites } = getDataset();
  return createHash("sha256").update(JSON.stringify({ items, shapes, meteorites })).digest("hex");
};

describe("getDataset", () => {
  it("holds every table at the studies' sizes, from the one seed", () => {
    const dataset = getDataset();
    expect(dataset.seed).toBe(SEED);
    expect(dataset.version).toBe(`${DATASET_VERSION}:${SEED}`);
    expect(dataset.items).toHaveLength(ITEM_COUNT);
    for (const kind of shapeKinds) expect(dataset.shapes[kind]).toHaveLength(SHAPE_ROWS);
    expect(dataset.meteorites).toHaveLength(METEORITE_COUNT);
  });

  it("is generated once per seed", () => {
    expect(getDataset()).toBe(getDataset());
    expect(getDataset("other")).toBe(getDataset("other"));
    expect(getDataset("other").items).not.toEqual(getDataset().items);
  });

  it("is deeply frozen, so no caller can change what the next one serves", () => {
    const { items, shapes, meteorites } = getDataset();
    expect(() => {
      (items[0] as { name: string }).name = "changed";
    }).toThrow(TypeError);
    expect(() => (items as unknown as number[]).push(1)).toThrow(TypeError);
    expect(Object.isFrozen(shapes.deepest[0]!.nine.child!.child)).toBe(true);
    expect(Object.isFrozen(meteorites.find((m) => m.geolocation)!.geolocation!.coordinates)).toBe(true);
  });

  it("is the same data on every machine (fingerprint; see the comment above if it fails)", () => {
    expect(fingerprint()).toBe(FINGERPRINT);
  });
});
