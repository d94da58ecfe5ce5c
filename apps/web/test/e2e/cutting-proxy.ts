import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// Sits between the web app and the runner and cuts every event stream after a few events, as a
// flaky network or a proxy with a short idle timeout would. Everything else passes unchanged.

/** Hop-by-hop headers, and those fetch has already acted on (the body arrives decoded). */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);

export interface CuttingProxy {
  url: string;
  /** Streams cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: string, cutAfterEvents: number): Promise<CuttingProxy> {
  let cuts = 0;
  const server: Server = createServer((req, res) => {
    const upstreamAbort = new AbortController();
    res.on("close", () => upstreamAbort.abort());
    void (async () => {
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
      const upstream = await fetch(new URL(req.url ?? "/", target), {
        method: req.method,
        headers: forwarded(req.headers),
        body,
        signal: upstreamAbort.signal,
      });
      res.writeHead(
        upstream.status,
        Object.fromEntries([...upstream.headers].filter(([name]) => !NOT_FORWARDED.has(name))),
      );
      if (!upstream.body) return void res.end();
      const isStream = upstream.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
      const decoder = new TextDecoder();
      let buffer = "";
      let events = 0;
      const reader = upstream.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const chunk = read.value;
        if (!isStream) {
          res.write(chunk);
          continue;
        }
        // Whole messages only, so the cut falls between two events, never inside one.
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const message = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          res.write(message);
          if (/^id:/m.test(message) && ++events >= cutAfterEvents) {
            cuts += 1;
            res.end();
            upstreamAbort.abort();
            return;
          }
        }
      }
      res.end();
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get cuts() {
      return cuts;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function forwarded(headers: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
