import { createHash } from "node:crypto";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { encodeJpeg, generateJpeg, JPEG_HEIGHT, JPEG_WIDTH } from "./generate-image";
import { readJpegSize } from "./read-jpeg-size";

// The canonical image. Pinned so a change in the generator or in jpeg-js cannot go unnoticed.
const EXPECTED_SHA256 = "f940e0bbe8ff14037851a13da3ad1dd1fd9e5553d79403c6a98d9f96dd0c0b75";

// (Buffer.equals, not toEqual: vitest compares a 1.6 MB buffer element by element, for seconds.)
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("generateJpeg", () => {
  it("is a real 3004x1002 JPEG of ~1.6 MB, like study 004's image", () => {
    const image = generateJpeg();
    expect(image.length).toBeGreaterThanOrEqual(1_500_000);
    expect(image.length).toBeLessThanOrEqual(1_800_000);
    expect(readJpegSize(image)).toEqual({ width: JPEG_WIDTH, height: JPEG_HEIGHT });
    // A full decode, so the bytes are a JPEG any decoder accepts and not just a plausible header.
    const decoded = jpeg.decode(image, { useTArray: true, maxMemoryUsageInMB: 256 });
    expect([decoded.width, decoded.height]).toEqual([3004, 1002]);
  });

  it("encodes once per process and hands every caller its own copy", () => {
    const first = generateJpeg();
    const started = performance.now();
    const second = generateJpeg();
    expect(performance.now() - started).toBeLessThan(50);
    expect(second.equals(first)).toBe(true);
    second[100] = second[100]! ^ 0xff;
    expect(generateJpeg().equals(first)).toBe(true);
  });

  it("gives the same bytes on every run and machine (pinned)", () => {
    // If this fails after a change to the generator or to jpeg-js, bump DATASET_VERSION.
    const fresh = encodeJpeg();
    expect(fresh.equals(generateJpeg())).toBe(true);
    expect(fresh.length).toBe(1_662_129);
    expect(sha256(fresh)).toBe(EXPECTED_SHA256);
  });
});
