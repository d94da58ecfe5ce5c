/**
 * Relix only ever sends load to this machine, unless the operator named other hosts at start-up
 * (RELIX_REMOTE_SERVICES=1, see engine/launch/targets.ts), which reach the drivers as `remoteHosts`. Both
 * drivers validate their target here and throw before any socket is opened; what "this machine"
 * means is @relix/core's loopback module, the same one the runner's config checks SERVICES_HOST
 * with, so a host the config accepts is one the drivers accept.
 */
import { LOOPBACK_HOSTS_TEXT, hostPort, loopbackAddress } from "@relix/core/network/loopback";

export class TargetNotAllowedError extends Error {
  constructor(target: string, why: string) {
    super(`refusing to send load to ${JSON.stringify(target)}: ${why} (Relix only loads ${LOOPBACK_HOSTS_TEXT})`);
    this.name = "TargetNotAllowedError";
  }
}

export interface LocalTarget {
  /** The literal address connected to (`localhost` is 127.0.0.1). */
  address: string;
  port: number;
  /** `address:port` as a URL authority or a gRPC target (IPv6 in brackets). */
  hostPort: string;
}

function checkPort(target: string, port: string): number {
  if (!/^\d{1,5}$/.test(port)) throw new TargetNotAllowedError(target, "an explicit numeric port is required");
  const n = Number(port);
  if (n < 1 || n > 65535) throw new TargetNotAllowedError(target, "port out of range");
  return n;
}

/** `HOST:PORT` as written (no parser in between, which would normalise 127.1 into 127.0.0.1). */
function parseAuthority(target: string, authority: string, remoteHosts: readonly string[]): LocalTarget {
  const match = /^(\[[^\]]*\]|[^:[\]]*):([^:]*)$/.exec(authority);
  if (!match) throw new TargetNotAllowedError(target, 'expected "HOST:PORT" (an IPv6 host in brackets)');
  const host = match[1]!;
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  const address = loopbackAddress(host) ?? (remoteHosts.includes(bare) ? bare : null);
  if (address === null) throw new TargetNotAllowedError(target, `host ${host || "(none)"} is not loopback`);
  const port = checkPort(target, match[2]!);
  return { address, port, hostPort: hostPort(address, port) };
}

/** Validates `http://HOST:PORT[/base/path]` and returns its parts, the origin with the literal address. */
export function parseLocalHttpUrl(
  url: string,
  remoteHosts: readonly string[] = [],
): LocalTarget & { origin: string; basePath: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new TargetNotAllowedError(url, "not a URL");
  }
  if (u.protocol !== "http:") throw new TargetNotAllowedError(url, "only http: is supported");
  if (u.username || u.password) throw new TargetNotAllowedError(url, "credentials in the URL");
  if (u.search || u.hash) throw new TargetNotAllowedError(url, "the base URL must not have a query or fragment");
  // The authority as written: new URL() rewrites the host and drops a default port (":80").
  const authority = /^http:\/\/([^/?#]*)/i.exec(url)?.[1] ?? "";
  const target = parseAuthority(url, authority, remoteHosts);
  const basePath = u.pathname.replace(/\/+$/, "");
  return { ...target, origin: `http://${target.hostPort}`, basePath };
}

/** Validates a gRPC target `HOST:PORT` (no scheme) and returns its parts. */
export function parseLocalGrpcTarget(target: string, remoteHosts: readonly string[] = []): LocalTarget {
  return parseAuthority(target, target, remoteHosts);
}
