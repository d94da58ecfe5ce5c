import type { Environment } from "@relix/core";
import type { ServiceEndpoints, ServiceOwner } from "@relix/core/network/service-endpoints";
import { hostPort } from "@relix/core/network/loopback";
import { grpcHostOf, grpcStatsUrl, restBaseUrl, restHostOf, type ServiceTargets } from "./targets";

/**
 * Services the runner does not own: already running on loopback when a run starts, or run by the
 * operator elsewhere (RELIX_REMOTE_SERVICES=1). The runner checks they answer and are Relix's, and
 * never starts or stops them.
 */

/** What a Relix REST API's /stats says about the backends behind it (null from older services). */
type RelixStatsBackends = { store: "mysql" | "embedded"; cache: "redis" | "embedded" } | null | undefined;

/** Whether `url` answers 2xx, and if not, why (refused, timed out, the status...). */
export async function probe(url: string, timeoutMs: number): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? { ok: true } : { ok: false, why: `it answered ${response.status}` };
  } catch (error) {
    return { ok: false, why: failureOf(error, timeoutMs) };
  }
}

function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  // fetch says "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, EHOSTUNREACH...) is its cause.
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The REST API's /stats, or null when whatever listens there is not a Relix API. */
export async function readRelixStats(
  url: string,
  timeoutMs = 2_000,
): Promise<{ backends?: RelixStatsBackends } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body = (await response.json()) as { protocol?: unknown; backends?: RelixStatsBackends };
    return body.protocol === "rest" ? body : null;
  } catch {
    return null;
  }
}

/** The targets as recorded in a result and told to the web. */
export function serviceEndpoints(targets: ServiceTargets, owner: ServiceOwner): ServiceEndpoints {
  const stackPorts = Object.fromEntries(
    Object.entries(targets.stackPorts ?? {}).filter((entry): entry is [string, number] => entry[1] !== undefined),
  );
  return {
    rest: { host: restHostOf(targets), port: targets.restPort, statsPort: targets.restPort, owner },
    grpc: { host: grpcHostOf(targets), port: targets.grpcPort, statsPort: targets.grpcMetricsPort, owner },
    ...(Object.keys(stackPorts).length > 0 ? { stackPorts } : {}),
  };
}

/** The backends an external REST API reports (older services say nothing: Redis + MySQL then). */
export function externalBackends(backends: RelixStatsBackends): Environment["backends"] {
  const reported = backends ?? { store: "mysql", cache: "redis" };
  return { ...reported, origin: reported.store === "embedded" ? "embedded" : "external" };
}

// Another host can be slower to answer than loopback: a little more time before calling it down.
const REMOTE_PROBE_TIMEOUT_MS = 3_000;

/**
 * Checks that services the operator runs (RELIX_REMOTE_SERVICES=1) answer, both of them, and that
 * the REST one is Relix's. Throws naming each host and port that does not, with what would fix it.
 */
export async function checkExternalServices(targets: ServiceTargets): Promise<Environment["backends"]> {
  const rest = hostPort(restHostOf(targets), targets.restPort);
  const grpcMetrics = hostPort(grpcHostOf(targets), targets.grpcMetricsPort);
  const [restUp, grpcUp] = await Promise.all([
    probe(`${restBaseUrl(targets)}/healthz`, REMOTE_PROBE_TIMEOUT_MS),
    probe(`${grpcStatsUrl(targets)}/healthz`, REMOTE_PROBE_TIMEOUT_MS),
  ]);
  const down = [
    ...(restUp.ok ? [] : [`the REST service at ${rest} is not reachable (${restUp.why})`]),
    ...(grpcUp.ok
      ? []
      : [
          `the gRPC service's metrics port at ${grpcMetrics} is not reachable (${grpcUp.why}); ` +
            `its gRPC port is ${hostPort(grpcHostOf(targets), targets.grpcPort)}`,
        ]),
  ];
  if (down.length > 0) {
    throw new Error(
      `${down.join("; ")}. With RELIX_REMOTE_SERVICES=1 the services are the operator's: the runner does not start them. ` +
        "Start them there (listening on an address this machine can reach), or correct SERVICES_HOST / REST_HOST / GRPC_HOST and the ports.",
    );
  }
  const stats = await readRelixStats(`${restBaseUrl(targets)}/stats`, REMOTE_PROBE_TIMEOUT_MS);
  if (!stats) {
    throw new Error(
      `something answers on ${rest} but it is not a Relix REST API (no /stats): check REST_HOST and REST_PORT`,
    );
  }
  return externalBackends(stats.backends);
}
