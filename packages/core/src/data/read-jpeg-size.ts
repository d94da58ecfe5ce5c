import { DomainError } from "../domain";
import type { ImageSize } from "../domain";

export type InvalidJpegReason = "not_jpeg" | "truncated" | "bad_marker" | "no_frame" | "bad_frame";

/**
 * The upload is not a JPEG whose size can be read. A DomainError of kind "invalid_argument", so both
 * transports answer 400 / INVALID_ARGUMENT without a mapping of their own.
 */
export class InvalidJpegError extends DomainError {
  constructor(
    readonly reason: InvalidJpegReason,
    message: string,
  ) {
    super("invalid_argument", `invalid JPEG: ${message}`);
    this.name = "InvalidJpegError";
  }
}

// Start-of-frame markers carry the size: baseline, extended, progressive, lossless, and their
// arithmetic-coded and hierarchical variants. C4 (DHT), C8 (JPG) and CC (DAC) are not frames.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
// Markers with no length field after them: TEM and the restart markers RST0-RST7.
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;

/**
 * Reads width and height from a JPEG's frame header without decoding a pixel. Walks the marker
 * segments from SOI to the first SOFn; every read is bounds-checked, so any input either yields a
 * size or throws InvalidJpegError, never anything else.
 */
export function readJpegSize(bytes: Uint8Array): ImageSize {
  if (bytes.length < 2 || bytes[0] !== 0xff || bytes[1] !== SOI) {
    throw new InvalidJpegError("not_jpeg", "does not start with the SOI marker (FF D8)");
  }
  let offset = 2;
  for (;;) {
    if (offset >= bytes.length) throw new InvalidJpegError("truncated", "ends before the frame header");
    if (bytes[offset] !== 0xff) {
      throw new InvalidJpegError("bad_marker", `expected a marker at byte ${offset}`);
    }
    // Any number of 0xFF fill bytes may precede a marker code.
    while (offset < bytes.length && bytes[offset] === 0xff) offset++;
    if (offset >= bytes.length) throw new InvalidJpegError("truncated", "ends inside a marker");
    const marker = bytes[offset]!;
    offset++;

    if (marker === 0x00) throw new InvalidJpegError("bad_marker", `stuffed byte outside scan data at ${offset - 1}`);
    if (marker === SOI || isStandalone(marker)) continue;
    if (marker === EOI) throw new InvalidJpegError("no_frame", "ends (EOI) before any frame header");
    if (marker === SOS) throw new InvalidJpegError("no_frame", "scan data starts before any frame header");

    if (offset + 2 > bytes.length) throw new InvalidJpegError("truncated", "ends inside a segment length");
    const length = (bytes[offset]! << 8) | bytes[offset + 1]!;
    if (length < 2) throw new InvalidJpegError("bad_marker", `segment length ${length} at byte ${offset}`);
    if (offset + length > bytes.length) throw new InvalidJpegError("truncated", "ends inside a segment");

    if (isStartOfFrame(marker)) {
      // Length (2), precision (1), height (2), width (2), component count (1).
      if (length < 8) throw new InvalidJpegError("bad_frame", `frame header of ${length} bytes`);
      const height = (bytes[offset + 3]! << 8) | bytes[offset + 4]!;
      const width = (bytes[offset + 5]! << 8) | bytes[offset + 6]!;
      // Height 0 means "defined later by a DNL segment": too rare to be worth supporting here.
      if (width === 0 || height === 0) {
        throw new InvalidJpegError("bad_frame", `frame header gives ${width}x${height}`);
      }
      return { width, height };
    }
    offset += length;
  }
}
