// The URL of an HTTP request as its server received it, for the servers that read it by hand (the
// runner, the REST API's node and h2c stacks, the gRPC API's side port; Express parses its own).
//
// `new URL(target, base)` is the obvious way and the wrong one: it reads a target that starts with
// `//` as a host, so `//` throws (a 500) and `//evil.example/stats` silently becomes `/stats`. The
// target is a path, so it is appended to a fixed origin instead: `//` stays the path `//`, which no
// route matches.

/** The origin a path is read against: reserved (RFC 2606), so it never names a real host. */
const PLACEHOLDER_ORIGIN = "http://request.invalid";

/**
 * The request's path and query as a URL, or null when it is not a URL at all (the server answers
 * 404: no route has such a path). Takes origin-form (`/path?query`) and absolute-form
 * (`http://host/path`, which HTTP/1.1 servers must accept); anything else (`*`, a bare word) is null.
 */
export function requestUrl(target: string | undefined): URL | null {
  const text = target ?? "/";
  try {
    if (text.startsWith("/")) return new URL(`${PLACEHOLDER_ORIGIN}${text}`);
    const absolute = new URL(text);
    if (absolute.protocol !== "http:" && absolute.protocol !== "https:") return null;
    return new URL(`${PLACEHOLDER_ORIGIN}${absolute.pathname}${absolute.search}`);
  } catch {
    return null;
  }
}
