import jpeg from "jpeg-js";
import { SEED } from "./dataset-seed";
import { createRandom, type Seed } from "./seeded-random";

/** Study 004's image: a 3004x1002 JPEG of 1,655,274 B. */
export const JPEG_WIDTH = 3004;
export const JPEG_HEIGHT = 1002;
// Tuned together: gradient + band pattern with ±36 of luma noise at quality 90 lands at ~1.66 MB,
// the study's size. Noise is what makes a JPEG big; without it the file would be ~100 KB.
const NOISE = 72;
const QUALITY = 90;

const cache = new Map<string, Buffer>();

/** Pixels from integer arithmetic and the seeded generator only, so every machine gets the same bytes. */
function pixels(seed: Seed): Buffer {
  const random = createRandom(`${seed}:image`);
  const data = Buffer.alloc(JPEG_WIDTH * JPEG_HEIGHT * 4);
  let i = 0;
  for (let y = 0; y < JPEG_HEIGHT; y++) {
    for (let x = 0; x < JPEG_WIDTH; x++) {
      const noise = Math.floor(random.next() * NOISE) - NOISE / 2;
      const band = ((x >> 6) + (y >> 6)) & 1 ? 40 : 0;
      data[i++] = clamp(((x * 255) / JPEG_WIDTH) | 0, noise);
      data[i++] = clamp((((y * 255) / JPEG_HEIGHT) | 0) + band, noise);
      data[i++] = clamp(128 + band, noise);
      data[i++] = 255;
    }
  }
  return data;
}

const clamp = (value: number, noise: number) => Math.max(0, Math.min(255, value + noise));

/** Encodes the image afresh (about 0.4 s on a laptop core); use generateJpeg, which keeps the result. */
export function encodeJpeg(seed: Seed = SEED): Buffer {
  return jpeg.encode({ width: JPEG_WIDTH, height: JPEG_HEIGHT, data: pixels(seed) }, QUALITY).data;
}

/**
 * The study-004 JPEG for `seed`, encoded once per process. Each call returns its own copy, so a
 * caller that writes into its buffer cannot change what the next caller sends.
 */
export function generateJpeg(seed: Seed = SEED): Buffer {
  const key = String(seed);
  let encoded = cache.get(key);
  if (!encoded) {
    encoded = encodeJpeg(seed);
    cache.set(key, encoded);
  }
  return Buffer.from(encoded);
}
