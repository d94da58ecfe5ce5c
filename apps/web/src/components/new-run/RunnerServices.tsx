import { serviceBindings } from "@/lib/runner/service-bindings";
import { runner } from "@/server/runner-client";

/**
 * Which REST and gRPC services the runner sends load to, and whose they are: its operator sets
 * them at start-up, so the page only shows them. Nothing when the runner does not say (an older
 * runner) or does not answer (the page says so elsewhere).
 */
export async function RunnerServices() {
  const health = await runner()
    .getHealth()
    .catch(() => null);
  const bindings = serviceBindings(health?.services);
  if (bindings.length === 0) return null;
  return (
    <p className="small muted" data-testid="runner-services" style={{ margin: "-8px 0 16px" }}>
      Load goes to{" "}
      {bindings.map((b, i) => (
        <span key={b.protocol} title={b.ownerMeaning}>
          {i > 0 ? " and " : ""}
          {b.protocol} at <code>{b.address}</code> ({b.owner}
          {b.statsAddress ? (
            <>
              ; stats at <code>{b.statsAddress}</code>
            </>
          ) : null}
          )
        </span>
      ))}
      .
    </p>
  );
}
