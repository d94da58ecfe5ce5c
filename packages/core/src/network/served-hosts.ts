// Which names a Relix server (the runner, the web app) answers to, judged from the Host header.
//
// DNS rebinding: a page at http://rebind.example:4000 has its name re-pointed at 127.0.0.1, and
// its scripts then talk to a local server as "same origin" (Origin and Host both say
// rebind.example:4000, so comparing them proves nothing). What the attacker cannot change is the
// name in the Host header: it is the page's own. So a server answers only the names it serves:
// every loopback spelling, and the names its operator configured.
//
// The port is not compared: a rebinding page cannot choose the name, whatever its port, and a
// proxy in front of the server may well forward another port than the one it listens on.
import { isLoopbackHost } from "./loopback";

/** Listening on every interface names no host a request could use. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]", ""]);

// `name`, `name:port`, `[v6]` or `[v6]:port`: the forms a Host header takes (RFC 9110, 7.2).
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^\s:[\]/@]+)(?::\d{1,5})?$/i;

/**
 * The host name of a Host header or of a configured name, lower-cased, IPv6 in brackets; null
 * when it is not one. A bare IPv6 address (`::1`, as RUNNER_HOST may be written) is bracketed.
 */
export function hostNameOf(host: string): string | null {
  const text = host.trim().toLowerCase();
  if (/^[0-9a-f]*:[0-9a-f:.]*$/.test(text) && text.split(":").length > 2) return `[${text}]`;
  const match = HOST_HEADER.exec(text);
  return match === null ? null : match[1]!;
}

/**
 * The names a server answers to besides loopback: what its operator configured (e.g.
 * RUNNER_ALLOWED_HOSTS) and the host it binds, unless that is a wildcard. Entries that are not
 * host names are dropped (the configs check them first, to name them).
 */
export function servedHostNames(configured: Iterable<string>): ReadonlySet<string> {
  const names = new Set<string>();
  for (const entry of configured) {
    const name = hostNameOf(entry);
    if (name !== null && !WILDCARD_HOSTS.has(name)) names.add(name);
  }
  return names;
}

/**
 * True when a request's Host header names this server: a loopback name (localhost, 127.0.0.0/8,
 * [::1]) or one of `served`. A request without a Host header passes: every browser sends one, and
 * browsers acting for a foreign page are what this check stops.
 */
export function isServedHost(hostHeader: string | null | undefined, served: ReadonlySet<string>): boolean {
  if (hostHeader === undefined || hostHeader === null) return true;
  const name = hostNameOf(hostHeader);
  if (name === null) return false;
  return isLoopbackHost(name) || served.has(name);
}

/** Said in every refusal, so the operator learns what would have been accepted. */
export function servedHostsText(served: ReadonlySet<string>): string {
  return ["localhost", "127.0.0.1", "[::1]", ...served].join(", ");
}
