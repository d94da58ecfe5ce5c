import { isServedHost, servedHostNames, servedHostsText } from "@relix/core/network/served-hosts";
import type { WebEnv } from "./env";

// Every request must name this app in its Host header. A page whose own name was re-pointed at
// this machine (DNS rebinding) would otherwise be "same origin" here, read the runs and start them
// with the RUNNER_TOKEN this app adds: its Host still carries that name, so it is refused (421)
// before anything runs. src/proxy.ts applies this to every request, pages and assets included.

export type HostVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The names this app answers to besides loopback: the host it binds (WEB_HOST), the hosts of the
 * origins an operator allowed (WEB_ALLOWED_ORIGINS: a proxy in front may pass that name on) and
 * WEB_ALLOWED_HOSTS.
 */
export function webServedHosts(env: Pick<WebEnv, "WEB_HOST" | "WEB_ALLOWED_HOSTS" | "WEB_ALLOWED_ORIGINS">) {
  const originHosts = env.WEB_ALLOWED_ORIGINS.flatMap((origin) => {
    try {
      return [new URL(origin).host];
    } catch {
      return [];
    }
  });
  return servedHostNames([...(env.WEB_HOST ? [env.WEB_HOST] : []), ...originHosts, ...env.WEB_ALLOWED_HOSTS]);
}

export function checkHost(headers: Headers, served: ReadonlySet<string>): HostVerdict {
  const host = headers.get("host");
  if (isServedHost(host, served)) return { ok: true };
  return {
    ok: false,
    reason: `this app does not answer to the host ${JSON.stringify(host)} (it answers to ${servedHostsText(served)}; WEB_ALLOWED_HOSTS adds names)`,
  };
}

/** True when an origin's host is one this app answers to (the Origin check asks it too). */
export function isServedOrigin(origin: URL, served: ReadonlySet<string>): boolean {
  return isServedHost(origin.host, served);
}

/** 421 Misdirected Request: the request was meant for another server than this one. */
export function misdirected(reason: string): Response {
  return Response.json({ error: { message: `Misdirected: ${reason}`, fields: [] } }, { status: 421 });
}
