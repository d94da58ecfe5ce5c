import { DomainError } from "../domain/errors";

/**
 * The largest request either API accepts, chosen for the biggest workload (image.base64: ~2.2 MB;
 * upload up to the runner's payload bound of 8 MiB) with room to spare. Anything larger is refused
 * with 413 / RESOURCE_EXHAUSTED before it is parsed.
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
export const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;

/**
 * The most messages one upload may carry as a stream: a gRPC client stream, or the protobuf-over-HTTP
 * stack's delimited body. Bytes alone do not bound the work: an empty message costs a few bytes
 * on the wire (one byte, delimited) and a decode and an object each, so 16 MiB of them would be
 * millions. 4,096 lets the largest message arrive in chunks as small as 4 KiB; the catalog's
 * upload.stream sends 64 KiB chunks (at most 128 for the runner's 8 MiB payload bound).
 * More is refused with 413 / RESOURCE_EXHAUSTED naming this limit.
 */
export const MAX_UPLOAD_MESSAGES = 4_096;

/** The refusal of an upload over MAX_UPLOAD_MESSAGES, in the same words on every stack. */
export const tooManyUploadMessages = (field?: string) =>
  new DomainError(
    "too_large",
    `${field ? `${field}: ` : ""}an upload may carry at most ${MAX_UPLOAD_MESSAGES} messages`,
    field,
  );
