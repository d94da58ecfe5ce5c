// Every kind of finding a report can print, each with a stable code (RX001...), what it can do to a
// verdict and its name in a heading. The code is what a reader looks up: `pnpm bench --explain
// RX005` prints the kind's page of docs/findings.md (one anchor per code). Codes are never reused
// or renumbered: a retired kind keeps its line here, a new one takes the next number.

/**
 * What a kind of finding can do to a verdict, most serious first:
 * - "refusal": part of what was asked was not measured at all (a placement, a stack), so no
 *   verdict exists there; never folded away;
 * - "verdict": the figures a winner is named from may be the generator's, the machine's or too
 *   few, so the winner itself may change on a better run;
 * - "figures": absolute figures are shifted or cover less than planned, but both sides alike, so
 *   the winner stands;
 * - "reading": how to read the numbers (the load loop, the warm-up, the noise).
 */
export type FindingWeight = "refusal" | "verdict" | "figures" | "reading";

export const FINDING_WEIGHTS: readonly FindingWeight[] = ["refusal", "verdict", "figures", "reading"];

export interface FindingKind {
  /** "RX005": stable, printed beside the finding, the anchor of its page in docs/findings.md. */
  code: string;
  weight: FindingWeight;
  /** A note of this kind weighs this instead (a warning for p99, only a note for p99.9's figures). */
  noteWeight?: FindingWeight;
  /** Its name in a heading: "CLIENTS UNEQUAL". */
  title: string;
}

/** Each known kind, by the `kind` its findings carry. A kind not listed is weighed by its severity and has no code. */
export const FINDING_KINDS: Readonly<Record<string, FindingKind>> = {
  "placement-refused": { code: "RX001", weight: "refusal", title: "PLACEMENT REFUSED" },
  "embedded-backends": { code: "RX002", weight: "verdict", title: "EMBEDDED BACKENDS" },
  "generator-saturated": { code: "RX003", weight: "verdict", title: "LOAD GENERATOR SATURATED" },
  "client-cpu-per-request": { code: "RX004", weight: "verdict", title: "CLIENTS UNEQUAL" },
  "client-work-unequal": { code: "RX005", weight: "verdict", title: "CLIENT WORK UNEQUAL" },
  "clients-equalised": { code: "RX006", weight: "reading", title: "ONE CLIENT FOR BOTH" },
  "equal-clients-unavailable": { code: "RX007", weight: "verdict", title: "ONE VIEW ONLY" },
  "one-block-per-side": { code: "RX008", weight: "verdict", title: "ONE BLOCK PER SIDE" },
  "short-window": { code: "RX009", weight: "verdict", title: "SHORT WINDOW" },
  errors: { code: "RX010", weight: "verdict", title: "ERRORS" },
  "ended-early": { code: "RX011", weight: "verdict", title: "ENDED EARLY" },
  "stopped-by-hard-timeout": { code: "RX012", weight: "verdict", title: "STOPPED BY THE HARD TIMEOUT" },
  "unaccounted-requests": { code: "RX013", weight: "verdict", title: "UNACCOUNTED REQUESTS" },
  "details-truncated": { code: "RX014", weight: "verdict", title: "DETAILS TRUNCATED" },
  "few-samples-percentile": { code: "RX015", weight: "verdict", noteWeight: "figures", title: "FEW SAMPLES" },
  "difference-within-noise": { code: "RX016", weight: "verdict", title: "SMALL AGAINST NOISE" },
  "cpu-pinning-unavailable": { code: "RX017", weight: "verdict", title: "CORES NOT PINNED" },
  "services-warning": { code: "RX018", weight: "verdict", title: "SERVICES" },
  "jit-unsettled": { code: "RX019", weight: "verdict", title: "JIT STILL WARMING" },
  "stopped-at-time-cap": { code: "RX020", weight: "figures", title: "STOPPED AT THE TIME LIMIT" },
  "dropped-in-flight": { code: "RX021", weight: "figures", title: "DROPPED IN FLIGHT" },
  "stopped-after-window": { code: "RX022", weight: "figures", title: "STOPPED AFTER ITS WINDOW" },
  "fewer-connections": { code: "RX023", weight: "figures", title: "FEWER CONNECTIONS" },
  "tcp-proxy-emulation": { code: "RX024", weight: "figures", title: "TCP PROXY EMULATION" },
  "cpu-lower-bound": { code: "RX025", weight: "figures", title: "CPU A LOWER BOUND" },
  "load-loop": { code: "RX026", weight: "reading", title: "LOAD LOOP" },
  "warm-up-discarded": { code: "RX027", weight: "reading", title: "WARM-UP" },
  "jit-primed": { code: "RX028", weight: "reading", title: "JIT PRIMED" },
  "run-to-run": { code: "RX029", weight: "reading", title: "RUN-TO-RUN NOISE INCLUDED" },
  "run-to-run-unmeasured": { code: "RX030", weight: "reading", title: "ONE RUN'S NOISE" },
  "run-to-run-elsewhere": { code: "RX031", weight: "reading", title: "RUN-TO-RUN NOISE FROM ELSEWHERE" },
  "slice-noise": { code: "RX032", weight: "reading", title: "NOISE" },
  "cpu-layout": { code: "RX033", weight: "reading", title: "CORES" },
};

/** The kind of a code ("RX005", any case), or null. */
export function findingKindOfCode(code: string): { kind: string; entry: FindingKind } | null {
  const wanted = code.trim().toUpperCase();
  const found = Object.entries(FINDING_KINDS).find(([, entry]) => entry.code === wanted);
  return found ? { kind: found[0], entry: found[1] } : null;
}
