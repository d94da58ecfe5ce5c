import type { NextConfig } from "next";

const production = process.env.NODE_ENV === "production";

// The browser only ever talks to this origin: every runner call is made server-side, so the page
// needs no connect-src beyond 'self'. Next's inline bootstrap scripts need 'unsafe-inline'
// (and dev's fast refresh 'unsafe-eval', hence production only).
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  ...(production ? [{ key: "Content-Security-Policy", value: contentSecurityPolicy }] : []),
];

/**
 * With a proxy (src/proxy.ts, the Host check) Next hands a route only the first 10 MB of a body
 * unless told otherwise, and the import route then sees a cut file ("Could not read the upload"):
 * let through the route's own 32 MiB limit plus the multipart form around the file.
 */
const PROXY_BODY_LIMIT_BYTES = 33 * 1024 * 1024;

const config: NextConfig = {
  experimental: { proxyClientMaxBodySize: PROXY_BODY_LIMIT_BYTES },
  // @relix/core exports TypeScript source.
  transpilePackages: ["@relix/core"],
  poweredByHeader: false,
  reactStrictMode: true,
  // This app lives inside a pnpm workspace; keep Next from guessing the root from lockfiles.
  turbopack: { root: new URL("../..", import.meta.url).pathname },
  outputFileTracingRoot: new URL("../..", import.meta.url).pathname,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default config;
