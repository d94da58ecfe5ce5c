// Starting a run, cancelling one and importing a result are POSTs that must come from this app's
// own pages: a cross-site form or fetch could otherwise make a visitor's browser start load runs.
// The check needs an Origin (every browser sends one on POST) equal to this host, or one listed
// in WEB_ALLOWED_ORIGINS.

export interface OriginVerdict {
  ok: boolean;
  reason?: string;
}

export function checkSameOrigin(headers: Headers, allowedOrigins: readonly string[] = []): OriginVerdict {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return { ok: false, reason: `cross-site request refused (Sec-Fetch-Site: ${fetchSite})` };
  }
  const origin = headers.get("origin");
  if (!origin || origin === "null") return { ok: false, reason: "missing Origin header" };
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return { ok: false, reason: "malformed Origin header" };
  }
  if (allowedOrigins.includes(originUrl.origin)) return { ok: true };
  const host = headers.get("host");
  if (host && originUrl.host === host && (originUrl.protocol === "http:" || originUrl.protocol === "https:")) {
    return { ok: true };
  }
  return { ok: false, reason: `origin ${originUrl.origin} is not this app` };
}

export function forbidden(reason: string): Response {
  return Response.json({ error: { message: `Forbidden: ${reason}`, fields: [] } }, { status: 403 });
}
