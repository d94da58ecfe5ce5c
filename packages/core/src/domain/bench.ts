import { z } from "zod";

/** Study 001 and study 004 messages: no data store involved. */
export const emptySchema = z.object({});

export const echoRequestSchema = z.object({
  message: z.string().max(65536),
  data: z.record(z.string(), z.string()),
});
export const echoReplySchema = z.object({ status: z.string(), data: z.record(z.string(), z.string()) });
export type EchoRequest = z.infer<typeof echoRequestSchema>;
export type EchoReply = z.infer<typeof echoReplySchema>;

export const MAX_STREAM_MESSAGES = 10_000;
export const streamRequestSchema = z.object({
  numberOfMessages: z.number().int().min(1).max(MAX_STREAM_MESSAGES),
});
export const streamMessageSchema = z.object({ data: z.string(), sequence: z.number().int() });
export type StreamMessage = z.infer<typeof streamMessageSchema>;

export const uploadReplySchema = z.object({ size: z.number().int(), sha256: z.string() });
export type UploadReply = z.infer<typeof uploadReplySchema>;

export const addRequestSchema = z.object({
  a: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
  b: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
});
export const addReplySchema = z.object({ sum: z.number().int() });

export const MAX_DOT_LENGTH = 100_000;
/** The largest finite float32: the proto's `float` cannot carry more. */
export const FLOAT32_MAX = 3.4028234663852886e38;
const float32 = z.number().min(-FLOAT32_MAX).max(FLOAT32_MAX);
export const dotRequestSchema = z
  .object({
    a: z.array(float32).min(1).max(MAX_DOT_LENGTH),
    b: z.array(float32).min(1).max(MAX_DOT_LENGTH),
  })
  .refine((v) => v.a.length === v.b.length, { message: "a and b must have the same length", path: ["b"] });
export const dotReplySchema = z.object({ result: z.number() });

export const base64ImageSchema = z.object({ img: z.string().min(1) });
export const imageSizeSchema = z.object({ width: z.number().int(), height: z.number().int() });
export type ImageSize = z.infer<typeof imageSizeSchema>;
