import { describe, expect, it } from "vitest";
import { shapeKinds } from "@relix/core";
import { getDataset } from "@relix/core/data/dataset";
import { createEmbeddedStore } from "./embedded-store";

describe("createEmbeddedStore", () => {
  const dataset = getDataset();
  const store = createEmbeddedStore();

  it("serves the canonical data set, the same rows a seeded MySQL serves", async () => {
    expect(store.kind).toBe("embedded");
    expect(await store.listItems(10_000)).toEqual(dataset.items);
    expect(await store.getItem(42)).toEqual(dataset.items[41]);
    for (const kind of shapeKinds) {
      expect(await store.listShapes(kind)).toEqual(dataset.shapes[kind]);
      expect(await store.getShape(kind, 100)).toEqual(dataset.shapes[kind][99]);
    }
    expect(await store.listMeteorites()).toEqual(dataset.meteorites);
  });

  it("answers null for unknown ids and honours the list limit like the MySQL store", async () => {
    for (const id of [0, -1, 10_001, 1.5, Number.NaN]) expect(await store.getItem(id)).toBeNull();
    expect(await store.getShape("small", 101)).toBeNull();
    expect(await store.listItems(100)).toEqual(dataset.items.slice(0, 100));
    expect(await store.listItems(0)).toEqual([]);
    expect(await store.listItems(-5)).toEqual([]);
    expect(await store.listItems(20_000)).toHaveLength(10_000);
  });

  it("hands out lists a caller may reorder without touching the data set", async () => {
    const list = await store.listMeteorites();
    list.reverse();
    expect((await store.listMeteorites())[0]).toEqual(dataset.meteorites[0]);
  });

  it("can serve another seed's data set", async () => {
    const other = createEmbeddedStore(getDataset("other"));
    expect(await other.getItem(1)).toEqual(getDataset("other").items[0]);
  });

  it("pings until closed", async () => {
    const closing = createEmbeddedStore();
    await expect(closing.ping()).resolves.toBeUndefined();
    await closing.close();
    await expect(closing.ping()).rejects.toThrow(/closed/);
  });
});
