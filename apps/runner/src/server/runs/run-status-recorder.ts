import type { Headline } from "@relix/core/runner-api/headline";
import type { StatusEvent } from "@relix/core/runner-api/run-events";
import type { RunStatus } from "@relix/core/runner-api/run-status";
import type { EndStatus, ResultsStore } from "../../store/results-store";
import type { Logger } from "../logger";
import type { RunEventLog } from "./run-event-log";

/**
 * Writes a run's status changes to the store, then announces them as `status` events: in that
 * order, so a page that reloads on a status event reads the new status.
 */
export class RunStatusRecorder {
  constructor(
    private readonly store: ResultsStore,
    private readonly events: RunEventLog,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  /** Ends a run without a result (failed or cancelled), in the store and on its stream. */
  async recordEnd(id: string, status: EndStatus, reason: string): Promise<void> {
    try {
      await this.store.endRun(id, status, reason, this.now());
    } catch (error) {
      // Announced anyway: the store still says queued/running, and the next start marks it failed.
      this.log.error(`could not record run ${id} as ${status}`, error);
    }
    this.announce(id, status, { reason });
  }

  /** A `status` event on the run's stream (the store already has the status). */
  announce(
    id: string,
    status: RunStatus,
    extra: { position?: number; reason?: string; headline?: Headline | null } = {},
  ): void {
    const event: StatusEvent = {
      type: "status",
      status,
      position: extra.position ?? null,
      reason: extra.reason ?? null,
      headline: extra.headline ?? null,
      at: new Date(this.now()).toISOString(),
    };
    this.events.append(id, event);
  }
}
