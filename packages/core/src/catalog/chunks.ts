/**
 * A payload cut into chunks, for the workloads that send their body as a stream: the gRPC client
 * stream sends one message per chunk and the REST request one HTTP/1.1 chunk per chunk, so both
 * carry the same pieces.
 */

/** The chunk size of `upload.stream` (64 KiB), the same on both protocols: a 1 MiB upload is 16 chunks. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;

/** `bytes` in consecutive pieces of at most `size` bytes (views, not copies); an empty payload is one empty piece. */
export function chunksOf(bytes: Buffer, size: number): Buffer[] {
  if (!(Number.isInteger(size) && size >= 1))
    throw new RangeError(`chunk size must be a whole number >= 1, not ${size}`);
  if (bytes.length === 0) return [bytes];
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

/**
 * The body as HTTP/1.1 chunked transfer coding (RFC 9112 §7.1): each chunk's size in hex, the
 * chunk, and a zero-size chunk to end it. The request then carries `Transfer-Encoding: chunked`
 * and no Content-Length.
 */
export function chunkedBody(bytes: Buffer, size: number): Buffer {
  const parts: Buffer[] = [];
  for (const chunk of chunksOf(bytes, size)) {
    if (chunk.length === 0) continue;
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`, "latin1"), chunk, Buffer.from("\r\n", "latin1"));
  }
  parts.push(Buffer.from("0\r\n\r\n", "latin1"));
  return Buffer.concat(parts);
}
