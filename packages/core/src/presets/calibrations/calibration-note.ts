import { latestSession, type PresetCalibration } from "./calibration-record";
import { calibrationOf, largestReferenceSpreads } from "./reference-calibrations";

/** Where a preset's long story lives: its section of docs/presets.md, anchored by its name. */
const presetDocsLink = (name: string) => `docs/presets.md#${name}`;

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/**
 * The latest session's p50 figures: the range of its own coverage (null where calibrate's summary
 * gave none) and its opposite-winner pairs.
 */
export function p50Calibration(record: PresetCalibration) {
  const session = latestSession(record);
  const p50 = Object.entries(session.comparisons)
    .filter(([comparison]) => comparison.endsWith(" · p50"))
    .map(([, figures]) => figures);
  const coverage = p50.flatMap((c) => (c.coverage === undefined ? [] : [c.coverage]));
  return {
    date: session.measuredAt.slice(0, 10),
    runs: session.runs,
    coverage: coverage.length === 0 ? null : { lowest: Math.min(...coverage), highest: Math.max(...coverage) },
    oppositeWinners: p50.reduce((sum, c) => sum + (c.oppositeWinners ?? 0), 0),
  };
}

function calibratedLine(record: PresetCalibration): string {
  const { date, runs, coverage, oppositeWinners } = p50Calibration(record);
  if (!coverage) return `Reference calibration (${date}): ${runs} reruns.`;
  const held = coverage.lowest === coverage.highest ? `${coverage.lowest}` : `${coverage.lowest}-${coverage.highest}`;
  const opposite = oppositeWinners === 0 ? "no opposite winners" : `${oppositeWinners} opposite-winner pairs`;
  return `Reference calibration (${date}): p50 intervals held ${held}/${runs}, ${opposite}.`;
}

function assumedLine(): string {
  const largest = largestReferenceSpreads();
  const spreads = ["p50", "p99", "rps"].map((metric) => `${percent(largest.get(metric) ?? 0)} ${metric}`).join(", ");
  // Shown beside a verdict for comparison, never applied (reference-run-to-run.ts says why).
  return `Not calibrated (other specs' reruns spread up to ${spreads}; not applied).`;
}

/**
 * The note every preset ends with: whether its intervals were checked against 20 reruns of its own
 * settings on the reference machine, and where its long story is. docs/presets.md ("Calibration")
 * says what each part means.
 */
export function calibrationNote(preset: { name: string; reproducesStudy: boolean }): string {
  const record = calibrationOf(preset.name);
  // A session at other settings than the preset's own (its defaults changed since) says nothing of it.
  const atDefaults = record && Object.keys(latestSession(record).overrides).length === 0;
  const line = record && atDefaults ? calibratedLine(record) : assumedLine();
  return `${line} ${presetDocsLink(preset.name)}`;
}
