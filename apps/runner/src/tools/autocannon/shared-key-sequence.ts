/**
 * The one key sequence every autocannon client takes its requests from.
 *
 * Key sequence. autocannon cycles `requests[]` per connection (difference #10). Each client
 * instead takes the next request from ONE counter shared by all clients: the hook replaces its
 * request iterator's `nextRequest` (called once per request sent after the first) and its
 * `currentRequest` (the first, built in the constructor and sent right after setupClient), so the
 * same ids in the same global round-robin order hit the server as with ghz, whose data index is
 * its global request number.
 *
 * Per-request cost. A `setupRequest` function (the documented way to vary requests) makes the
 * iterator rebuild the request on every send: header merging, string building, a Buffer and a
 * hyperid. On a 2-core machine that client CPU is taken from the server (the overhead script
 * measured Relix at ~0.85x the autocannon CLI's noop rps that way). So each distinct request is
 * built ONCE, by autocannon's own request builder, and every send reuses its bytes, as the CLI
 * does with its single static request.
 */
import { chunkedBody } from "@relix/core";
import type { AcRequestData, AcRequestIterator } from "./autocannon-internals";
import { internalsChanged } from "./autocannon-internals";
import type { CheckedSpec } from "./autocannon-options";

export interface SharedKeySequence {
  /** Specs taken so far. */
  issued: () => number;
  /** Makes a client's request iterator take its requests from the sequence. */
  attach(iterator: AcRequestIterator): void;
}

/**
 * autocannon's builder always writes Content-Length for a body, and a request with both that and
 * Transfer-Encoding is refused (request smuggling), so a chunked request is its head built without
 * a body, then the body in chunked coding.
 */
function chunkedRequest(iterator: AcRequestIterator, s: CheckedSpec, chunkBytes: number): AcRequestData {
  const head: AcRequestData = {
    method: s.method,
    path: s.path,
    headers: { ...s.headers, "Transfer-Encoding": "chunked" },
  };
  const headBuffer = iterator.requestBuilder(head, iterator.context);
  if (!headBuffer) throw new Error(`autocannon could not build ${s.method} ${s.path}`);
  const body = typeof s.body === "string" ? Buffer.from(s.body) : s.body!;
  return { ...head, requestBuffer: Buffer.concat([headBuffer, chunkedBody(body, chunkBytes)]) };
}

/** Every spec's request, built once (with the first client's builder: the same for all), taken in turn. */
export function sharedKeySequence(specs: CheckedSpec[]): SharedKeySequence {
  let prebuilt: AcRequestData[] | undefined;
  let next = 0;
  let issued = 0;
  const take = (): AcRequestData => {
    const request = prebuilt![next]!;
    next = next + 1 === prebuilt!.length ? 0 : next + 1;
    issued++;
    return request;
  };
  const build = (iterator: AcRequestIterator): AcRequestData[] =>
    specs.map((s) => {
      if (s.chunkBytes !== undefined) return chunkedRequest(iterator, s, s.chunkBytes);
      // headers: a fresh object per spec (the builder writes Content-Length into it)
      const request: AcRequestData = {
        method: s.method,
        path: s.path,
        headers: { ...s.headers },
        ...(s.body === undefined ? {} : { body: s.body }),
      };
      const requestBuffer = iterator.requestBuilder(request, iterator.context);
      if (!requestBuffer) throw new Error(`autocannon could not build ${s.method} ${s.path}`);
      return { ...request, requestBuffer };
    });
  return {
    issued: () => issued,
    attach(iterator: AcRequestIterator): void {
      if (typeof iterator?.requestBuilder !== "function" || typeof iterator.nextRequest !== "function") {
        throw internalsChanged("RequestIterator");
      }
      prebuilt ??= build(iterator);
      iterator.currentRequest = take();
      iterator.nextRequest = function nextRequest(this: AcRequestIterator) {
        this.resetted = false;
        this.currentRequest = take();
        return this.currentRequest;
      };
    },
  };
}
