import { z } from "zod";
import { DEFAULT_PORTS } from "@relix/core/network/default-ports";

// The web app's whole configuration, read once and validated. Only this file reads process.env
// (an ESLint rule checks it; see eslint.config.js). Nothing here can come from a request.
const envSchema = z.object({
  RUNNER_URL: z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${DEFAULT_PORTS.runner}`),
  /** Sent as `Authorization: Bearer` to a runner that is reachable beyond localhost. */
  RUNNER_TOKEN: z.string().min(1).optional(),
  /** Extra origins allowed to POST (comma separated), for a web app behind a proxy with another host name. */
  WEB_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
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
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid web app environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}
