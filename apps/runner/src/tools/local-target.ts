/**
 * Relix only ever sends load to 127.0.0.1. Both drivers validate their target with these helpers
 * and throw before any socket is opened.
 */

export class TargetNotAllowedError extends Error {
  constructor(target: string, why: string) {
    super(`refusing to send load to ${JSON.stringify(target)}: ${why} (only 127.0.0.1 is allowed)`);
    this.name = "TargetNotAllowedError";
  }
}

function checkPort(target: string, port: string): number {
  if (!/^\d{1,5}$/.test(port)) throw new TargetNotAllowedError(target, "an explicit numeric port is required");
  const n = Number(port);
  if (n < 1 || n > 65535) throw new TargetNotAllowedError(target, "port out of range");
  return n;
}

/** Validates `http://127.0.0.1:PORT[/base/path]` and returns its parts. */
export function parseLocalHttpUrl(url: string): { origin: string; port: number; basePath: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new TargetNotAllowedError(url, "not a URL");
  }
  if (u.protocol !== "http:") throw new TargetNotAllowedError(url, "only http: is supported");
  if (u.hostname !== "127.0.0.1") throw new TargetNotAllowedError(url, `host ${u.hostname} is not 127.0.0.1`);
  if (u.username || u.password) throw new TargetNotAllowedError(url, "credentials in the URL");
  if (u.search || u.hash) throw new TargetNotAllowedError(url, "the base URL must not have a query or fragment");
  // new URL() drops a default port (":80"), so read it from the authority as written.
  const authority = /^http:\/\/([^/?#]*)/i.exec(url)?.[1] ?? "";
  const port = checkPort(url, authority.slice(authority.lastIndexOf(":") + 1));
  if (authority !== `127.0.0.1:${port}`) throw new TargetNotAllowedError(url, "unexpected authority");
  const basePath = u.pathname.replace(/\/+$/, "");
  return { origin: `http://127.0.0.1:${port}`, port, basePath };
}

/** Validates a gRPC target `127.0.0.1:PORT` and returns the port. */
export function parseLocalGrpcTarget(target: string): number {
  const m = /^127\.0\.0\.1:(\d{1,5})$/.exec(target);
  if (!m) throw new TargetNotAllowedError(target, 'expected exactly "127.0.0.1:PORT"');
  return checkPort(target, m[1]!);
}
