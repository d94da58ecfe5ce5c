"use client";

import { useState } from "react";

/** Cancelling the run through this app's route; the stream then reports the run cancelled. */
export function useCancelRun(id: string) {
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  async function cancel() {
    setCancelling(true);
    setCancelError(null);
    const response = await fetch(`/api/runs/${encodeURIComponent(id)}/cancel`, { method: "POST" }).catch(() => null);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
      setCancelError(body?.error?.message ?? "Could not cancel the run.");
      setCancelling(false);
    }
  }

  return { cancelling, cancelError, cancel };
}
