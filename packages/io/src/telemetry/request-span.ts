import { nowUs } from "./timing";

/**
 * One request's server time split three ways, measured the same way on every stack:
 * - service: inside the workload's service call (cache and database included);
 * - codec: encoding and decoding bodies (JSON.parse/stringify, protobuf decode/encode);
 * - rest: everything else (framework, framing, validation, scheduling), the remainder.
 * A span starts where the server first holds the request (before its body is decoded) and ends
 * when the reply is handed to the transport, so the three parts add up to the server time.
 */
export interface RequestSpan {
  readonly startedUs: number;
  serviceUs: number;
  codecUs: number;
}

export function startSpan(startedUs = nowUs()): RequestSpan {
  return { startedUs, serviceUs: 0, codecUs: 0 };
}

/** Runs a synchronous encode or decode, counting its time as codec time. */
export function timeCodec<T>(span: RequestSpan, encodeOrDecode: () => T): T {
  const started = nowUs();
  try {
    return encodeOrDecode();
  } finally {
    span.codecUs += nowUs() - started;
  }
}

/** Awaits a service call (or one step of a streamed one), counting the wait as service time. */
export async function timeService<T>(span: RequestSpan, call: () => T | Promise<T>): Promise<T> {
  const started = nowUs();
  try {
    return await call();
  } finally {
    span.serviceUs += nowUs() - started;
  }
}

/**
 * A served stream's messages, the time spent producing each counted as service time: the
 * generator's work (and the reads it awaits) is the service; writing the message is not.
 */
export async function* timedMessages<T>(span: RequestSpan, messages: AsyncIterable<T>): AsyncGenerator<T, void> {
  const iterator = messages[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await timeService(span, () => iterator.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** The split of one finished span, rest clamped at zero against clock jitter. */
export function splitOf(span: RequestSpan, endedUs: number) {
  const serverUs = endedUs - span.startedUs;
  const restUs = Math.max(0, serverUs - span.serviceUs - span.codecUs);
  return { serverUs: span.serviceUs + span.codecUs + restUs, serviceUs: span.serviceUs, codecUs: span.codecUs, restUs };
}
