// Starting a run, cancelling one and importing a result are POSTs that must come from this app's
// own pages: a cross-site form or fetch could otherwise make a visitor's browser start load runs.
// The check needs a Host this app answers to (host-check.ts), and an Origin (every browser sends
// one on POST) that is one of those names and equals the Host, or is listed in WEB_ALLOWED_ORIGINS.
// Origin equal to Host alone proves nothing under DNS rebinding: the page's name is in both.
import type { WebEnv } from "./env";
import { checkHost, isServedOrigin, misdirected, webServedHosts } from "./host-check";

export type OriginVerdict = { ok: true } | { ok: false; status: 403 | 421; reason: string };

export interface OriginPolicy {
  /** WEB_ALLOWED_ORIGINS: origins accepted as they are (a proxy in front with another name). */
  allowedOrigins: readonly string[];
  /** The names this app answers to besides loopback (host-check.ts webServedHosts). */
  servedHosts: ReadonlySet<string>;
}

/** The policy this app's configuration gives. */
export function originPolicyOf(env: WebEnv): OriginPolicy {
  return { allowedOrigins: env.WEB_ALLOWED_ORIGINS, servedHosts: webServedHosts(env) };
}

export function checkSameOrigin(headers: Headers, policy: OriginPolicy): OriginVerdict {
  const host = checkHost(headers, policy.servedHosts);
  if (!host.ok) return { ok: false, status: 421, reason: host.reason };
  const refuse = (reason: string): OriginVerdict => ({ ok: false, status: 403, reason });
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return refuse(`cross-site request refused (Sec-Fetch-Site: ${fetchSite})`);
  }
  const origin = headers.get("origin");
  if (!origin || origin === "null") return refuse("missing Origin header");
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return refuse("malformed Origin header");
  }
  if (policy.allowedOrigins.includes(originUrl.origin)) return { ok: true };
  if (originUrl.protocol !== "http:" && originUrl.protocol !== "https:") {
    return refuse(`origin ${originUrl.origin} is not this app`);
  }
  if (!isServedOrigin(originUrl, policy.servedHosts)) {
    return refuse(`origin ${originUrl.origin} is not one of this app's names`);
  }
  if (originUrl.host !== headers.get("host")) return refuse(`origin ${originUrl.origin} is not this app`);
  return { ok: true };
}

/** The answer to a refused request, in the shape the app's forms read (`{ error: { message, fields } }`). */
export function refused(verdict: Extract<OriginVerdict, { ok: false }>): Response {
  if (verdict.status === 421) return misdirected(verdict.reason);
  return Response.json({ error: { message: `Forbidden: ${verdict.reason}`, fields: [] } }, { status: 403 });
}
