import { z } from "zod";
import { DEFAULT_PORTS } from "@relix/core/network/default-ports";
import { hostNameOf } from "@relix/core/network/served-hosts";

// The web app's whole configuration, read once and validated. Only this file reads process.env
// (an ESLint rule checks it; see eslint.config.js). Nothing here can come from a request.

/** A comma-separated list, each entry trimmed; unset = []. */
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

const envSchema = z.object({
  RUNNER_URL: z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${DEFAULT_PORTS.runner}`),
  /** Sent as `Authorization: Bearer` to a runner that is reachable beyond localhost. */
  RUNNER_TOKEN: z.string().min(1).optional(),
  /** Extra origins allowed to POST (comma separated), for a web app behind a proxy with another host name. */
  WEB_ALLOWED_ORIGINS: commaList,
  /** The host `next start` binds (package.json's `-H`): a name the app answers to, unless a wildcard. */
  WEB_HOST: z.string().optional(),
  /**
   * Extra host names the app answers to (comma separated) besides loopback, WEB_HOST and the hosts
   * of WEB_ALLOWED_ORIGINS: any other Host header is refused (DNS rebinding, see host-check.ts).
   */
  /**
   * The address people reach this app at (https://relix.example), so a permalink shared in a chat
   * names its preview image absolutely; unset, the image is named relative to the page's own host.
   */
  WEB_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEB_ALLOWED_HOSTS: commaList.pipe(
    z.array(
      z.string().refine((value) => hostNameOf(value) !== null, {
        error: (issue) => `${JSON.stringify(issue.input)} is not a host name (like relix.example)`,
      }),
    ),
  ),
});

export type WebEnv = z.infer<typeof envSchema>;

let cached: WebEnv | undefined;

export function webEnv(): WebEnv {
  if (cached) return cached;
  const parsed = envSchema.safeParse({
    RUNNER_URL: process.env.RUNNER_URL || undefined,
    RUNNER_TOKEN: process.env.RUNNER_TOKEN || undefined,
    WEB_ALLOWED_ORIGINS: process.env.WEB_ALLOWED_ORIGINS || undefined,
    WEB_HOST: process.env.WEB_HOST || undefined,
    WEB_ALLOWED_HOSTS: process.env.WEB_ALLOWED_HOSTS || undefined,
    WEB_PUBLIC_URL: process.env.WEB_PUBLIC_URL || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid web app environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}
