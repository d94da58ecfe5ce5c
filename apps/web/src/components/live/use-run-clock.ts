"use client";

import { useEffect, useState } from "react";
import type { LiveState } from "@/lib/live/live-state";

/** The run's elapsed and remaining time, ticking each second while it runs. */
export function useRunClock(status: LiveState["status"], progress: LiveState["progress"], progressAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status !== "running") return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status]);

  // Between progress events the clock keeps moving: elapsed and remaining count on from the last one.
  const since = status === "running" ? Math.max(0, now - progressAt) : 0;
  const elapsed = progress ? progress.elapsedMs + since : null;
  const remaining = progress ? Math.max(0, progress.remainingMs - since) : null;
  return { elapsed, remaining };
}
