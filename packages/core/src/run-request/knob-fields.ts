// The knobs of the workloads themselves: sizes, counts and the server's delay, each used by the
// workloads its help names.
import { z } from "zod";
import { formatDuration } from "../render/format";
import { specBounds as b } from "../spec/bounds";
import {
  formatSize,
  parseByteSize,
  parseCount,
  parseDurationMs,
  rangeText as range,
  type FlagBound,
} from "./flag-values";
import { singleFlag } from "./one-flag";
import { defineRunField } from "./run-field";

const int = (bound: FlagBound) => z.number().int().min(bound.min).max(bound.max);

export const payloadBytesField = defineRunField({
  key: "payloadBytes",
  schema: int(b.payloadBytes).default(1024 * 1024),
  sweepDimension: "payloadBytes",
  cli: singleFlag(
    {
      name: "payload-size",
      value: "SIZE",
      example: "1MiB",
      help: `bytes the upload workload sends: B, KB, KiB, MB, MiB (e.g. 1MiB); ${range(b.payloadBytes, formatSize)}`,
    },
    (flag, raw) => parseByteSize(flag, raw, b.payloadBytes),
    formatSize,
  ),
  form: {
    input: "size",
    key: "payloadSize",
    unitKey: "payloadUnit",
    id: "payload",
    label: "Upload payload size",
    name: "Payload size",
    hint: "used by upload",
  },
});

export const streamMessagesField = defineRunField({
  key: "streamMessages",
  schema: int(b.streamMessages).default(100),
  cli: singleFlag(
    {
      name: "stream-messages",
      value: "N",
      example: "100",
      help: `messages the stream workload asks for; ${range(b.streamMessages)}`,
    },
    (flag, raw) => parseCount(flag, raw, b.streamMessages),
    String,
  ),
});

/** Records in one reply of item.list and item.stream. */
export const recordsField = defineRunField({
  key: "records",
  schema: int(b.records).default(100),
  sweepDimension: "records",
  cli: singleFlag(
    {
      name: "records",
      value: "N",
      example: "1000",
      help: `records in one item.list reply and one item.stream; ${range(b.records)}`,
    },
    (flag, raw) => parseCount(flag, raw, b.records),
    String,
  ),
  form: {
    input: "count",
    key: "records",
    id: "records",
    label: "Records per reply",
    name: "Records",
    hint: "used by item.list and item.stream",
  },
});

/** Bytes of the message echo sends and gets back; absent = study 001's ~0.5 KB message. */
export const echoBytesField = defineRunField({
  key: "echoBytes",
  schema: int(b.echoBytes).optional(),
  sweepDimension: "echoBytes",
  cli: singleFlag(
    {
      name: "echo-size",
      value: "SIZE",
      example: "4KiB",
      help: `bytes of the message the echo workload sends and gets back (default: study 001's ~0.5 KB message); ${range(b.echoBytes, formatSize)}`,
    },
    (flag, raw) => parseByteSize(flag, raw, b.echoBytes),
  ),
  form: {
    input: "size",
    key: "echoSize",
    unitKey: "echoUnit",
    id: "echoSize",
    label: "Echo message size",
    name: "Echo size",
    hint: "used by echo; empty: study 001's message",
    placeholder: "default (~0.5 KB)",
    optional: true,
    // Echo sizes worth typing are kilobytes: "4" in an empty box should not mean 4 bytes.
    emptyUnit: "KiB",
  },
});

export const dotLengthField = defineRunField({
  key: "dotLength",
  schema: int(b.dotLength).default(100),
  cli: singleFlag(
    { name: "dot-length", value: "N", example: "100", help: `floats per vector in math.dot; ${range(b.dotLength)}` },
    (flag, raw) => parseCount(flag, raw, b.dotLength),
    String,
  ),
});

export const keyCountField = defineRunField({
  key: "keyCount",
  schema: int(b.keyCount).default(100),
  cli: singleFlag(
    {
      name: "keys",
      value: "N",
      example: "100",
      help: `distinct ids the by-id workloads cycle through, same order on both protocols; ${range(b.keyCount)}`,
    },
    (flag, raw) => parseCount(flag, raw, b.keyCount),
    String,
  ),
});

export const serverDelayField = defineRunField({
  key: "serverDelayMs",
  schema: int(b.serverDelayMs).default(0),
  cli: singleFlag(
    {
      name: "server-delay",
      value: "DURATION",
      example: "10ms",
      help: `server sleep (study 001): echo per call, stream per message, upload per MiB; a bare number is ms; ${range(b.serverDelayMs, formatDuration)}`,
    },
    // A bare number is ms here: the delay's natural unit.
    (flag, raw) => parseDurationMs(flag, raw, b.serverDelayMs, "ms"),
    formatDuration,
  ),
});
