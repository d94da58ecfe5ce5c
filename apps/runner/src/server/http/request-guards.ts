import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isServedHost, servedHostsText } from "@relix/core/network/served-hosts";
import { HttpError } from "./http-error";

/**
 * The request must name this runner in its Host header (a loopback name, RUNNER_HOST or one of
 * RUNNER_ALLOWED_HOSTS): a page whose own name was re-pointed at this machine (DNS rebinding)
 * still sends that name, and is answered 421 before anything else, GETs included.
 */
export function checkHost(req: IncomingMessage, served: ReadonlySet<string>): void {
  if (isServedHost(req.headers.host, served)) return;
  throw new HttpError(
    421,
    "unknown_host",
    `this runner does not answer to the host ${JSON.stringify(req.headers.host)} ` +
      `(it answers to ${servedHostsText(served)}; RUNNER_ALLOWED_HOSTS adds names)`,
  );
}

/**
 * A request that carries an Origin must come from an allowed one. Browsers always send Origin on
 * cross-site requests and on every POST, so a foreign page is refused here; clients without an
 * Origin (curl, the web app's server-side fetch) are not browsers acting for someone else.
 */
export function checkOrigin(req: IncomingMessage, allowed: ReadonlySet<string>): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (!allowed.has(origin)) {
    throw new HttpError(
      403,
      "forbidden_origin",
      `requests from origin ${origin} are not allowed (RUNNER_ALLOWED_ORIGINS)`,
    );
  }
}

/** `Authorization: Bearer <token>`, compared in constant time. */
export function checkToken(req: IncomingMessage, token: string | null): void {
  if (token === null) return;
  const header = req.headers.authorization ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (match === null || !sameSecret(match[1]!.trim(), token)) {
    throw new HttpError(401, "unauthorized", "this runner needs Authorization: Bearer <RUNNER_TOKEN>", undefined, {
      "www-authenticate": 'Bearer realm="relix-runner"',
    });
  }
}

function sameSecret(given: string, expected: string): boolean {
  // Hash both: timingSafeEqual needs equal lengths, and the length must not leak either.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The runner's own origins for the address it listens on (both loopback spellings). */
export function ownOrigins(host: string, port: number): string[] {
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "0.0.0.0" || bare === "::") return [];
  const hosts =
    bare === "127.0.0.1" || bare === "localhost"
      ? ["127.0.0.1", "localhost"]
      : [bare.includes(":") ? `[${bare}]` : bare];
  return hosts.map((h) => `http://${h}:${port}`);
}
