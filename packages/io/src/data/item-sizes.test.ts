import { describe, expect, it } from "vitest";
import { getDataset } from "@relix/core/data/dataset";
import { loadRelixProtos } from "../proto/load";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe("every seeded item in both encodings", () => {
  it("is ~110 B of JSON and ~80 B of protobuf, as study 000 published", () => {
    const { grpcObject } = loadRelixProtos();
    const encode = grpcObject.relix.v1.CatalogService.service.GetItem!.responseSerialize;
    const { items } = getDataset();
    const json = items.map((item) => Buffer.byteLength(JSON.stringify(item)));
    const protobuf = items.map((item) => encode(item).length);
    expect(median(json)).toBeGreaterThanOrEqual(104);
    expect(median(json)).toBeLessThanOrEqual(120);
    expect(median(protobuf)).toBeGreaterThanOrEqual(70);
    expect(median(protobuf)).toBeLessThanOrEqual(86);
  });
});
