import { DomainError, invalidArgument, type ImageSize } from "@relix/core";
import { readJpegSize } from "@relix/core/data/read-jpeg-size";

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Study 004's calls: add, dot product, and the size of an uploaded JPEG. */
export function createComputeService() {
  /** `field` names the request field in the error, as each transport's user knows it. */
  function imageSize(image: Buffer, field = "image"): ImageSize {
    if (image.length === 0) throw invalidArgument(field, "is empty");
    try {
      return readJpegSize(image);
    } catch (error) {
      if (error instanceof DomainError) throw invalidArgument(field, error.message);
      throw error;
    }
  }

  return {
    add: ({ a, b }: { a: number; b: number }) => {
      const sum = a + b;
      if (sum < INT32_MIN || sum > INT32_MAX) throw invalidArgument("b", "a + b overflows int32");
      return { sum };
    },

    /** Rounded to float32 because the proto says `float`: both protocols then answer the same number. */
    dot: ({ a, b }: { a: number[]; b: number[] }) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
      const result = Math.fround(sum);
      // JSON has no Infinity: an overflow is the caller's input, not a 200 with null.
      if (!Number.isFinite(result)) throw invalidArgument("b", "the dot product overflows float32");
      return { result };
    },

    imageSize: (image: Buffer) => imageSize(image),

    imageSizeBase64: ({ img }: { img: string }) => {
      if (img.length % 4 !== 0 || !BASE64.test(img)) throw invalidArgument("img", "is not valid base64");
      return imageSize(Buffer.from(img, "base64"), "img");
    },
  };
}
