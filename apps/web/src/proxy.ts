import { webEnv } from "@/server/env";
import { checkHost, misdirected, webServedHosts } from "@/server/host-check";

/**
 * Runs before every request (Next's proxy, formerly middleware; no matcher, so pages, route
 * handlers and assets alike): a Host this app does not answer to is refused with 421 before any
 * page reads the runner with its token (DNS rebinding: host-check.ts). Nothing returned = go on.
 */
export function proxy(request: Request): Response | undefined {
  const verdict = checkHost(request.headers, webServedHosts(webEnv()));
  return verdict.ok ? undefined : misdirected(verdict.reason);
}
