import os from "node:os";
import {
  CALLER_COSTS_SCHEMA,
  callerCostsFileSchema,
  callerCostsOf,
  type CallerCostsFile,
  type CallerRuntimeRecord,
  type CallTiming,
} from "@relix/core";
import { timingKey, type Candidate, type Schedule } from "./measure";
import type { WorkloadPayload } from "./payloads";

/** A figure whose slowest round is this much slower than its fastest is marked in the table. */
const NOISY_SPREAD = 1.25;

export const METHOD_DESCRIPTION =
  "Per workload, each runtime decodes the reply bytes the servers send (bytes received -> a new reply object) and " +
  "encodes the request its caller sends (a request object -> the bytes sent); JSON includes the UTF-8 step on both " +
  "sides. A round makes back-to-back calls on one thread for at least roundMs of wall time and counts the process's " +
  "CPU time over them (user + system, garbage collector threads included: waiting for a core on a shared machine is " +
  "not counted); one round at a time on the machine, every runtime and codec taking turns in an order that rotates " +
  "each pass, so drift hits all alike; the figure is the median over the rounds after the warm-up passes.";

function summarise(perCallUs: number[]): CallTiming {
  const sorted = [...perCallUs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const medianUs = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { medianUs, minUs: sorted[0]!, maxUs: sorted.at(-1)!, rounds: sorted.length };
}

export function buildCallerCostsFile(input: {
  payloads: WorkloadPayload[];
  runtimes: CallerRuntimeRecord[];
  candidates: Candidate[];
  timings: Map<string, number[]>;
  schedule: Schedule;
  measuredAt: Date;
}): CallerCostsFile {
  const cpus = os.cpus();
  const file: CallerCostsFile = {
    schema: CALLER_COSTS_SCHEMA,
    measuredAt: input.measuredAt.toISOString(),
    machine: {
      cpuModel: cpus[0]?.model.trim() || "unknown",
      cores: cpus.length,
      platform: `${os.type()} ${os.release()} ${process.arch}`,
    },
    method: { ...input.schedule, description: METHOD_DESCRIPTION },
    runtimes: input.runtimes,
    workloads: input.payloads.map(({ entry, requestBytes, replyBytes }) => ({
      workload: entry.id,
      requestBytes,
      replyBytes,
      measurements: input.candidates.map((c) => {
        const encode = input.timings.get(timingKey(entry.id, c, "encode"));
        const decode = input.timings.get(timingKey(entry.id, c, "decode"));
        if (!decode) throw new Error(`no decode figures for ${entry.id}, ${c.runtime} ${c.codec}`);
        return {
          runtime: c.runtime,
          codec: c.codec,
          encodeRequest: encode ? summarise(encode) : null,
          decodeReply: summarise(decode),
          encodedRequestBytes: c.worker.hello.workloads[entry.id]?.[c.codec]?.encodedRequestBytes ?? null,
        };
      }),
    })),
  };
  // The file is read by the rest of Relix through this schema: it is checked before it is written.
  return callerCostsFileSchema.parse(file);
}

const us = (timing: CallTiming | null | undefined) => {
  if (!timing) return "-";
  const value = timing.medianUs;
  const text =
    value < 10 ? value.toFixed(2) : value < 1000 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US");
  return timing.maxUs > timing.minUs * NOISY_SPREAD ? `${text}*` : text;
};

function table(header: string[][], rows: string[][]): string[] {
  const all = [...header, ...rows];
  const widths = all[0]!.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  return all.map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "),
  );
}

/** The run as a person reads it: two tables (reply decoded, request encoded) and a sentence per runtime. */
export function renderCallerCosts(file: CallerCostsFile): string[] {
  const columns = file.runtimes.flatMap((r) => (r.status === "measured" ? r.codecs.map((c) => [r.runtime, c.id]) : []));
  const cell = (workload: CallerCostsFile["workloads"][number], op: "encodeRequest" | "decodeReply") =>
    columns.map(([runtime, codec]) =>
      us(workload.measurements.find((m) => m.runtime === runtime && m.codec === codec)?.[op]),
    );
  const bytes = (n: number | null) => (n === null ? "-" : n.toLocaleString("en-US"));
  const header = (what: string) => [
    [what, "bytes", "", ...columns.map(([runtime], i) => (i === 0 || columns[i - 1]![0] !== runtime ? runtime! : ""))],
    ["workload", "json", "protobuf", ...columns.map(([, codec]) => codec!)],
  ];
  const lines = [
    `Caller costs on ${file.machine.cpuModel} (${file.machine.cores} cores), ${file.measuredAt}`,
    ...file.runtimes.map((r) =>
      r.status === "measured"
        ? `  ${r.runtime} ${r.version}: ${r.codecs.map((c) => `${c.id} = ${c.library}`).join("; ")}`
        : `  ${r.runtime}: SKIPPED, ${r.reason}`,
    ),
    `CPU µs per call, median of ${file.method.rounds} interleaved rounds of >= ${file.method.roundMs} ms; * = slowest round more than ${Math.round((NOISY_SPREAD - 1) * 100)}% above the fastest`,
    "",
    ...table(
      header("decode the reply"),
      file.workloads.map((w) => [
        w.workload,
        bytes(w.replyBytes.json),
        bytes(w.replyBytes.protobuf),
        ...cell(w, "decodeReply"),
      ]),
    ),
    "",
    ...table(
      header("encode the request"),
      file.workloads
        .filter((w) => w.measurements.some((m) => m.encodeRequest))
        .map((w) => [
          w.workload,
          bytes(w.requestBytes.json),
          bytes(w.requestBytes.protobuf),
          ...cell(w, "encodeRequest"),
        ]),
    ),
    "",
    "What a caller pays (each runtime's default codec: Node's protobuf is protobufjs through proto-loader):",
  ];
  for (const w of file.workloads) {
    const facts = callerCostsOf(file, w.workload)!;
    lines.push(`  ${w.workload}: ${facts.runtimes.map((r) => r.sentence).join("; ")}`);
  }
  return lines;
}
