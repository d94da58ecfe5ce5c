// How the two sides' rounds are compared: which figures, whether each decides PASS/FAIL, and the
// verdict on the median of the per-round ratios.
import { median, type Protocol } from "@relix/core";
import type { Figures } from "./figures";

/** A judged ratio must be within +-10% of 1. */
export const TOLERANCE = 0.1;

interface ComparedFigure {
  name: string;
  ours: (f: Figures) => number;
  theirs: (f: Figures) => number;
  /** Decides PASS/FAIL; the others are shown for information. */
  judged: boolean;
  digits: number;
}

// wrk prints CO-corrected latencies (see lib/wrk-correction), so for REST the judged latency row
// puts Relix's samples through the same correction; Relix's own (raw) p50 is shown beside it.
const COMPARED: Record<Protocol, ComparedFigure[]> = {
  rest: [
    {
      name: "p50 ms, wrk's correction on both",
      ours: (f) => f.asWrk!.p50Ms,
      theirs: (f) => f.p50Ms,
      judged: true,
      digits: 3,
    },
    { name: "rps", ours: (f) => f.rps, theirs: (f) => f.rps, judged: true, digits: 0 },
    { name: "p50 ms, Relix as reported", ours: (f) => f.p50Ms, theirs: (f) => f.p50Ms, judged: false, digits: 3 },
    {
      name: "mean ms, wrk's correction on both",
      ours: (f) => f.asWrk!.meanMs,
      theirs: (f) => f.meanMs,
      judged: false,
      digits: 3,
    },
  ],
  grpc: [
    { name: "p50 ms", ours: (f) => f.p50Ms, theirs: (f) => f.p50Ms, judged: true, digits: 3 },
    { name: "rps", ours: (f) => f.rps, theirs: (f) => f.rps, judged: true, digits: 0 },
    { name: "mean ms", ours: (f) => f.meanMs, theirs: (f) => f.meanMs, judged: false, digits: 3 },
  ],
};

export const REFERENCE_TOOL: Record<Protocol, string> = { rest: "wrk", grpc: "ghz CLI" };

const fmt = (v: number, digits: number) => v.toFixed(digits);
const spread = (values: number[], digits: number) =>
  `${fmt(median(values), digits)} (${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)})`;

/**
 * One table row per compared figure of one workload and protocol, and whether every judged one
 * passed. ours[i] and theirs[i] are round i's back-to-back runs: their ratio is the least disturbed
 * by whatever else the machine does over minutes, so the verdict is on the median of those ratios.
 */
export function compareRounds(
  label: string,
  protocol: Protocol,
  ours: Figures[],
  theirs: Figures[],
): { rows: string[][]; pass: boolean } {
  let pass = true;
  const rows = COMPARED[protocol].map(({ name, ours: pickOurs, theirs: pickTheirs, judged, digits }) => {
    const a = ours.map(pickOurs);
    const b = theirs.map(pickTheirs);
    const ratio = median(a.map((v, i) => v / b[i]!));
    const ok = Math.abs(ratio - 1) <= TOLERANCE;
    if (judged) pass &&= ok;
    return [
      label,
      protocol === "rest" ? "REST" : "gRPC",
      name,
      spread(a, digits),
      spread(b, digits),
      REFERENCE_TOOL[protocol],
      fmt(ratio, 3),
      judged ? (ok ? "PASS" : "FAIL") : "(info)",
    ];
  });
  return { rows, pass };
}
