import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error";

/** A run request is a few hundred bytes; this leaves room for every field and nothing more. */
export const SPEC_BODY_LIMIT = 64 * 1024;
/** A result of a large run (many cells x trials, one histogram each) is a few MB. */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * The request's JSON body, at most `limit` bytes. Only `application/json` is read: a browser can
 * send that cross-site only after a CORS preflight, which this server never grants, so a foreign
 * page cannot start a run even where it could hide its Origin.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const text = (await readJsonBodyBytes(req, limit)).toString("utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, "invalid_json", `the body is not valid JSON: ${(error as Error).message}`, []);
  }
}

/**
 * The same checks as readJsonBody, the body left unparsed: for a body too big to parse on the
 * thread that serves requests (an import: see result-import/import-check.ts).
 */
export async function readJsonBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new HttpError(415, "unsupported_media_type", "send the body as JSON with Content-Type: application/json");
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): HttpError {
  // Connection: close: the rest of the body is not read, so this connection cannot carry another request.
  return new HttpError(413, "too_large", `the body is larger than ${formatBytes(limit)}`, undefined, {
    connection: "close",
  });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}
