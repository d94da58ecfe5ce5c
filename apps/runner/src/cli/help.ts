// `pnpm bench --help`: every flag with its default and bounds, the presets, the threshold syntax,
// the workloads and examples. Built from the same lists the parser uses: a spec field's flags and
// help lines are its entry in the run-field table (@relix/core/run-request).
import {
  COMPARED_METRICS,
  DEFAULT_PRESET,
  estimateMeasuringMs,
  latencyMetricKeys,
  presets,
  specFromPreset,
  workloadIds,
} from "@relix/core";
import { namedPlacements } from "@relix/core/network/placements";
import { formatDuration } from "@relix/core/render/format";
import { serviceProcesses } from "@relix/core/stacks/service-processes";
import { DEFAULT_STACKS, layerSteps, stackRecord, stacks } from "@relix/core/stacks/stacks";
import {
  listSweepDimensions,
  MAX_GRID_POINTS,
  numericSweepBounds,
  numericSweepDimensions,
} from "@relix/core/sweep/sweep-spec";
import { flags, type FlagDefinition } from "./flags";

const WIDTH = 100;

function wrap(text: string, indent: number, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : " ".repeat(indent) + l));
}

function flagLines(flag: FlagDefinition): string[] {
  const name = `${flag.short ? `-${flag.short}, ` : "    "}--${flag.name}${flag.value ? ` ${flag.value}` : ""}`;
  const shown = flag.presetDefault ? `${DEFAULT_PRESET}: ${flag.default}` : `default: ${flag.default}`;
  const text = flag.default === undefined ? flag.help : `${flag.help} (${shown})`;
  const column = 32;
  const head = `  ${name}`.padEnd(column);
  const body = wrap(text, column);
  return head.length > column ? [`  ${name}`, " ".repeat(column) + body.join(`\n`)] : [head + body.join("\n")];
}

function presetLines(): string[] {
  return presets.flatMap((preset) => {
    const measuring = estimateMeasuringMs(specFromPreset(preset.name));
    const time = measuring === null ? "" : ` (~${formatDuration(measuring)} of measuring)`;
    return [`  ${preset.name.padEnd(11)}${wrap(preset.description + time, 13).join("\n")}`];
  });
}

/** Each named placement with its figures, from its own description (there is no second copy). */
function placementLines(): string[] {
  const named = Object.entries(namedPlacements).map(
    ([name, profile]) => `  ${name.padEnd(13)}${wrap(profile.description, 15).join("\n")}`,
  );
  return [
    ...named,
    `  ${"custom".padEnd(13)}${wrap("the RTT, jitter and bandwidth of --rtt, --jitter, --bandwidth", 15).join("\n")}`,
    ...wrap(
      "Every placement but loopback is emulated between the load generators and the services, and its RTT " +
        "measured before its cells: where the runner can (root on Linux), by the packet emulator (network " +
        "namespaces joined by a veth pair, each packet delayed, so handshakes and slow start are real); " +
        "elsewhere, or with --emulator proxy, by Toxiproxy on 127.0.0.1 (whole milliseconds, bytes only, no " +
        "handshake). A placement that misses its target is refused with its reason and the others run. " +
        "See docs/placements.md and docs/packet-emulator.md.",
      2,
    ).map((l, i) => (i === 0 ? `  ${l}` : l)),
  ];
}

/** Each stack with the one line on what it isolates, from its own definition. */
function stackLines(): string[] {
  const named = Object.entries(stacks).map(
    ([id, stack]) => `  ${id.padEnd(16)}${wrap(`${stack.isolates} [${stack.tool}]`, 18).join("\n")}`,
  );
  return [
    ...named,
    ...wrap(
      `Each cell's verdict compares a pair (--pair; ${DEFAULT_STACKS.join(" and ")} when measured); each other ` +
        "stack changes one layer (framework, encoding, transport, codec or runtime) of one of them, and is set " +
        "against both of the pair. The report walks from express to grpc-js one layer at a time, shows each " +
        "runtime's own REST-against-gRPC answer, and splits each stack's server time into handler, codec and " +
        "the rest. See docs/measurement.md.",
      2,
    ).map((l, i) => (i === 0 ? `  ${l}` : l)),
  ];
}

/** What --sweep does and reports, from the same bounds the parser uses. */
function sweepLines(): string[] {
  const numeric = numericSweepDimensions
    .map((d) => `${d} ${numericSweepBounds[d].min}-${numericSweepBounds[d].max}`)
    .join(", ");
  return wrap(
    `--sweep DIM=v1,v2,... measures every cell at each value; a second --sweep crosses two axes (at most ` +
      `${MAX_GRID_POINTS} grid points). Numeric dimensions (${numeric}) take increasing values; list ` +
      `dimensions (${listSweepDimensions.join(", ")}) take the names --network, --stacks and --cache would, ` +
      "and replace those flags. Where the p50 winner changes between two neighbouring values of the first " +
      "numeric axis, the run measures more points in between (geometric bisection, within a refinement budget) " +
      "and reports where gRPC or REST starts to win, per row of the other axis. The time estimate counts every " +
      "refinement the budget allows; a sweep over the run's time limit is refused. A preset's own sweep " +
      "(crossover) follows the flags: --network, --stacks, --cache or a numeric flag such as --records narrows " +
      "or fixes that axis, and --sweep none measures the preset's point without it.",
    2,
  ).map((l, i) => (i === 0 ? `  ${l}` : l));
}

const thresholdLines = [
  "  [WORKLOAD[@CACHE]:]SUBJECT.METRIC OP VALUE      OP is <, <=, > or >=; repeat --threshold for more",
  `  rest.* / grpc.*   ${latencyMetricKeys.join(" ")}: latency with a unit, us, ms or s`,
  "                    rps: successful responses per second; errors: failed calls",
  `  ratio.*           ${COMPARED_METRICS.join(", ")}: the speedup, above 1 when gRPC did better`,
  "                    (REST/gRPC latency, gRPC/REST rps and calls per server core); add .low or .high",
  "                    for the bounds of its 95% CI",
  "  Without a WORKLOAD it must hold in every cell; one that matches no cell fails.",
  "  e.g. 'grpc.p99<5ms'  'rest.rps>=1000'  'ratio.p50>1.2'  'grpc.p50<=800us'",
  "       'item.get@warm:ratio.p50.low>1'  (gRPC significantly faster at p50 on item.get, warm cache)",
];

/** The stacks that each change one layer of the Node pair: the layer walk's example. */
const NODE_LAYER_STACKS = layerSteps
  .filter((step) => serviceProcesses[stackRecord(step.to).process].runtime === "node")
  .map((step) => step.to);

const examples = [
  ["pnpm bench", "the quick preset: about a minute, JSON in relix-results/"],
  ["pnpm bench --preset study-000 --md report.md", "reproduce study 000, published figures beside measured"],
  ["pnpm bench --preset study-001 --connections 250", "study 001 at its Heavy load level"],
  ["pnpm bench --workloads item.get --cache warm,cold --connections 32 --duration 10s --trials 5", ""],
  ["pnpm bench --workloads 'shape.*.get' --cache cold --connections 1 --csv shapes.csv", ""],
  ["pnpm bench --workloads upload --payload-size 4MiB --rate 200", "open loop, 200 uploads/s"],
  ["pnpm bench --workloads item.get --network loopback,cross-region", "the same cells over loopback and at 147 ms RTT"],
  ["pnpm bench --workloads item.get --rtt 30 --jitter 5 --bandwidth 50", "loopback and a custom 30 ms link"],
  [`pnpm bench --workloads noop,item.get --stacks ${NODE_LAYER_STACKS.join(",")}`, "which layer decides"],
  [
    "pnpm bench --workloads item.list --sweep records=1,100,1000 --sweep network=loopback,cross-region",
    "where gRPC starts to win, per placement",
  ],
  ["pnpm bench --threshold 'grpc.p99<5ms' --threshold 'item.get:ratio.p50.low>1' --no-color", "a CI gate"],
];

/** The help text; `flagList` is every flag (flags.ts: the run-field table's and the command's own). */
export function renderHelp(flagList: readonly FlagDefinition[] = flags): string {
  const lines = [
    "pnpm bench: REST (Express + autocannon) against gRPC (grpc-js + ghz), same logic, same load, one",
    "measurement definition. Prints progress on stderr, a table on stdout, and writes the result JSON.",
    "",
    "USAGE",
    "  pnpm bench [--preset NAME] [options]",
    "",
    "OPTIONS: flags override the preset's values. (quick: x) is the quick preset's value; another",
    "preset brings its own (see --preset).",
    ...flagList.flatMap(flagLines),
    "",
    "PLACEMENTS (--network)",
    ...placementLines(),
    "",
    "STACKS (--stacks)",
    ...stackLines(),
    "",
    "SWEEPS (--sweep)",
    ...sweepLines(),
    "",
    "PRESETS",
    ...presetLines(),
    "",
    "THRESHOLDS",
    ...thresholdLines,
    "",
    "WORKLOADS",
    ...wrap(workloadIds.join(", "), 2).map((l, i) => (i === 0 ? `  ${l}` : l)),
    "",
    "EXAMPLES",
    ...examples.flatMap(([command, why]) => [`  ${command}`, ...(why ? [`      ${why}`] : [])]),
    "",
    "EXIT CODES",
    "  0 done, every threshold held · 1 a threshold failed · 2 bad flag or value · 3 the run failed",
    "  130 interrupted (Ctrl-C) · 143 terminated (SIGTERM)",
  ];
  return `${lines.join("\n")}\n`;
}
