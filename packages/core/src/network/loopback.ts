// What counts as "this machine" for Relix: the only place it ever sends load. One definition for the
// runner's config, the load-generator drivers and the runner service's own warnings, so a host the
// config accepts is a host the drivers accept.
//
// Only literal spellings count. A URL parser turns 127.1, 0x7f000001 or 2130706433 into 127.0.0.1,
// and a resolver may turn a name into anything: both would let a host through that nobody wrote.

/** Said in every refusal, so the user learns what would have been accepted. */
export const LOOPBACK_HOSTS_TEXT = "a loopback address: 127.0.0.0/8 (e.g. 127.0.0.1), ::1 or localhost";

/** The address `localhost` stands for. Fixed, not resolved: some resolvers answer ::1 first. */
export const LOCALHOST_ADDRESS = "127.0.0.1";

// Four decimal octets without leading zeros (a WHATWG URL reads "010" as octal 8).
const OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4_LOOPBACK = new RegExp(`^127\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/**
 * The address to connect to for a loopback host as written (`localhost`, `127.0.0.2`, `::1` or
 * `[::1]`), or null when the host is not loopback. `localhost` becomes 127.0.0.1 and the brackets
 * of `[::1]` go, so the services bind and the drivers connect to the same literal address.
 */
export function loopbackAddress(host: string): string | null {
  if (host === "localhost") return LOCALHOST_ADDRESS;
  if (host === "::1" || host === "[::1]") return "::1";
  return IPV4_LOOPBACK.test(host) ? host : null;
}

export function isLoopbackHost(host: string): boolean {
  return loopbackAddress(host) !== null;
}

/** An address as it goes in a URL authority or a gRPC target: IPv6 in brackets. */
export function hostForUrl(address: string): string {
  return address.includes(":") && !address.startsWith("[") ? `[${address}]` : address;
}

/** `host:port` for an address, e.g. `127.0.0.1:50051` or `[::1]:50051`. */
export function hostPort(address: string, port: number): string {
  return `${hostForUrl(address)}:${port}`;
}
