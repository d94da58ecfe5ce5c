import { z } from "zod";
import {
  addReplySchema,
  addRequestSchema,
  base64ImageSchema,
  dotReplySchema,
  dotRequestSchema,
  imageSizeSchema,
} from "../../domain";
import { getDataset } from "../../data/dataset";
import { defineWorkload } from "../workload";

/** float32-exact inputs, so protobuf `float` carries exactly what JSON carries. */
export function dotRequest(length: number) {
  const a = Array.from({ length }, (_, i) => Math.fround(((i * 7) % 13) / 4 - 1.5));
  const b = Array.from({ length }, (_, i) => Math.fround(((i * 5) % 11) / 8 + 0.25));
  return { a, b };
}

export const rawImageRequestSchema = z.object({ image: z.instanceof(Buffer) });

/** Study 004: add two int32, a dot product of two float vectors, and a JPEG's size (raw bytes or base64 JSON). */
export const computeWorkloads = [
  defineWorkload({
    id: "math.add",
    label: "Add two numbers",
    study: "004",
    description: "add(a, b) of two int32: the smallest useful call.",
    usesCache: false,
    streaming: false,
    request: addRequestSchema,
    response: addReplySchema,
    rest: {
      method: "POST",
      route: "/v1/math/add",
      body: "json",
      parse: ({ body }) => body,
    },
    grpc: { service: "MathService", method: "Add", parse: (m) => m, build: (r) => r },
    handle: (s, r) => s.compute.add(r),
    requests: () => [
      { a: 20, b: 22 },
      { a: 1_000_000, b: -7 },
      { a: 3, b: 4 },
    ],
  }),
  defineWorkload({
    id: "math.dot",
    label: "Dot product",
    study: "004",
    description: "The dot product of two float vectors (100 values each by default).",
    usesCache: false,
    streaming: false,
    request: dotRequestSchema,
    response: dotReplySchema,
    rest: {
      method: "POST",
      route: "/v1/math/dot",
      body: "json",
      parse: ({ body }) => body,
    },
    grpc: { service: "MathService", method: "Dot", parse: (m) => m, build: (r) => r },
    handle: (s, r) => s.compute.dot(r),
    requests: (p) => [dotRequest(p.dotLength)],
  }),
  defineWorkload({
    id: "image.raw",
    label: "Image, raw bytes",
    study: "004",
    description: "A ~1.6 MB 3004x1002 JPEG sent as raw bytes; the server answers its width and height.",
    usesCache: false,
    streaming: false,
    request: rawImageRequestSchema,
    response: imageSizeSchema,
    rest: {
      method: "POST",
      route: "/v1/images/raw",
      body: "raw",
      rawContentType: "image/jpeg",
      rawBody: ({ image }) => image,
      parse: ({ body }) => ({ image: body }),
    },
    grpc: { service: "ImageService", method: "Raw", parse: (m) => m, build: (r) => r },
    handle: (s, r) => s.compute.imageSize(r.image),
    requests: () => [{ image: getDataset().jpeg() }],
  }),
  defineWorkload({
    id: "image.base64",
    label: "Image, base64 in JSON",
    study: "004",
    description: "The same JPEG as a base64 string (~2.2 MB) in a JSON document / protobuf string.",
    usesCache: false,
    streaming: false,
    request: base64ImageSchema,
    response: imageSizeSchema,
    rest: {
      method: "POST",
      route: "/v1/images/base64",
      body: "json",
      parse: ({ body }) => body,
    },
    grpc: { service: "ImageService", method: "Base64", parse: (m) => m, build: (r) => r },
    handle: (s, r) => s.compute.imageSizeBase64(r),
    requests: () => [{ img: getDataset().jpeg().toString("base64") }],
  }),
];
