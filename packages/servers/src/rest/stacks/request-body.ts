import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";

/** A body failure, typed as body-parser types its own, so one error table answers both. */
export class BodyError extends Error {
  constructor(
    readonly type: "entity.too.large" | "encoding.unsupported" | "content.unsupported",
    readonly limit?: number,
  ) {
    super(type);
  }
}

/**
 * Reads a whole request body up to `limit` bytes. Undefined when the request carries none (as
 * body-parser leaves req.body unset). A body over the limit is refused as soon as it is known to
 * be, and the rest is drained so the connection stays usable.
 */
export async function readBody(
  req: Readable & { headers: IncomingHttpHeaders },
  limit: number,
): Promise<Buffer | undefined> {
  const encoding = req.headers["content-encoding"];
  if (encoding !== undefined && encoding !== "identity") {
    req.resume();
    throw new BodyError("encoding.unsupported");
  }
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) {
    req.resume();
    throw new BodyError("entity.too.large", limit);
  }
  const chunks: Buffer[] = [];
  const received = await new Promise<number>((resolve, reject) => {
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // Keep reading (and dropping) what is left, so the error answer can still go out.
      req.off("data", onData);
      req.resume();
      reject(new BodyError("entity.too.large", limit));
    };
    req.on("data", onData);
    req.once("end", () => resolve(size));
    req.once("error", reject);
  });
  if (received === 0 && declared === undefined && req.headers["transfer-encoding"] === undefined) return undefined;
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
}
