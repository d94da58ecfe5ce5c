import { describe, expect, it } from "vitest";
import { DomainError } from "../domain";
import { generateJpeg } from "./generate-image";
import { createRandom } from "./seeded-random";
import { InvalidJpegError, readJpegSize } from "./read-jpeg-size";

/** A minimal JPEG header: SOI, an APP0 segment, then a frame header with the given marker and size. */
function header(sof: number, width: number, height: number, { fill = 0 } = {}): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46];
  const frame = [
    0xff,
    sof,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...Array<number>(fill).fill(0xff), ...frame]);
}

/** readJpegSize's contract on garbage: a size or an InvalidJpegError, nothing else. */
function outcome(bytes: Uint8Array): "size" | "invalid" {
  try {
    const { width, height } = readJpegSize(bytes);
    expect(Number.isInteger(width) && width > 0 && width <= 0xffff).toBe(true);
    expect(Number.isInteger(height) && height > 0 && height <= 0xffff).toBe(true);
    return "size";
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidJpegError);
    return "invalid";
  }
}

describe("readJpegSize", () => {
  const image = generateJpeg();

  it("reads the study image's size without decoding it", () => {
    expect(readJpegSize(image)).toEqual({ width: 3004, height: 1002 });
    expect(readJpegSize(new Uint8Array(image))).toEqual({ width: 3004, height: 1002 });
  });

  it.each([
    ["baseline SOF0", 0xc0],
    ["extended SOF1", 0xc1],
    ["progressive SOF2", 0xc2],
    ["lossless SOF3", 0xc3],
    ["arithmetic SOF9", 0xc9],
  ])("reads a %s frame header", (_, sof) => {
    expect(readJpegSize(header(sof, 640, 480))).toEqual({ width: 640, height: 480 });
  });

  it("skips fill bytes before a marker and does not take DHT (C4) for a frame", () => {
    expect(readJpegSize(header(0xc0, 65535, 1, { fill: 5 }))).toEqual({ width: 65535, height: 1 });
    expect(() => readJpegSize(header(0xc4, 640, 480))).toThrow(InvalidJpegError);
  });

  it.each([
    ["empty", Buffer.alloc(0), "not_jpeg"],
    ["one byte", Buffer.from([0xff]), "not_jpeg"],
    ["a PNG", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), "not_jpeg"],
    ["text", Buffer.from("hello, this is not an image"), "not_jpeg"],
    ["SOI only", Buffer.from([0xff, 0xd8]), "truncated"],
    ["SOI then EOI", Buffer.from([0xff, 0xd8, 0xff, 0xd9]), "no_frame"],
    ["scan before frame", Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), "no_frame"],
    ["garbage after SOI", Buffer.from([0xff, 0xd8, 0x12, 0x34]), "bad_marker"],
    ["segment length 1", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01]), "bad_marker"],
    ["zero width", header(0xc0, 0, 480), "bad_frame"],
    ["zero height", header(0xc0, 640, 0), "bad_frame"],
  ])("rejects %s with a typed, user-facing error", (_, bytes, reason) => {
    let caught: unknown;
    try {
      readJpegSize(bytes);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidJpegError);
    // Transports map DomainError kinds: this one becomes 400 / INVALID_ARGUMENT.
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as InvalidJpegError).kind).toBe("invalid_argument");
    expect((caught as InvalidJpegError).reason).toBe(reason);
    expect((caught as Error).message).toMatch(/^invalid JPEG: /);
  });

  it("answers every truncation of the real image: an error before the frame header, the size after", () => {
    const frameEnd =
      image.indexOf(Buffer.from([0xff, 0xc0])) + 2 + image.readUInt16BE(image.indexOf(Buffer.from([0xff, 0xc0])) + 2);
    for (let length = 0; length <= frameEnd + 64; length++) {
      const result = outcome(image.subarray(0, length));
      if (length < frameEnd) expect(result, `first ${length} bytes`).toBe("invalid");
      else expect(result, `first ${length} bytes`).toBe("size");
    }
    for (const length of [4096, 100_000, image.length - 1]) expect(outcome(image.subarray(0, length))).toBe("size");
  });

  it("never throws anything but InvalidJpegError on random bytes (fuzz)", () => {
    const random = createRandom("jpeg-fuzz");
    const prefix = image.subarray(0, 700);
    for (let round = 0; round < 20_000; round++) {
      const length = random.int(0, 64);
      const bytes = Buffer.alloc(length);
      for (let i = 0; i < length; i++) bytes[i] = random.chance(0.3) ? 0xff : random.int(0, 255);
      // Half the inputs start like a JPEG, so the fuzz reaches the segment walker.
      if (random.chance(0.5) && length >= 2) bytes.set([0xff, 0xd8]);
      outcome(bytes);

      // And the real header with a few bytes flipped.
      const mutated = Buffer.from(prefix);
      for (let flips = random.int(1, 4); flips > 0; flips--)
        mutated[random.int(0, mutated.length - 1)] = random.int(0, 255);
      outcome(mutated.subarray(0, random.int(0, mutated.length)));
    }
  });
});
