import type { ServiceDefinition } from "@grpc/grpc-js";
import type { RequestSpan } from "./request-span";
import { nowUs } from "./timing";

/**
 * grpc-js decodes a request before its handler runs and encodes the reply inside the callback, so
 * a handler cannot time its own codec. These hooks wrap a service definition's server-side
 * (de)serializers: a decoded message carries when its decode began and how long it took, and an
 * encode run while a span is the current sink counts towards that span.
 */
interface DecodeTiming {
  startedUs: number;
  us: number;
}
const decodeTimings = new WeakMap<object, DecodeTiming>();
let encodeSink: RequestSpan | undefined;
const TIMED = Symbol("relix.codecTimed");

/**
 * Wraps every method's requestDeserialize and responseSerialize in place. Idempotent; the
 * client-side functions (requestSerialize, responseDeserialize) are left alone.
 */
export function timeServiceCodecs(service: ServiceDefinition): ServiceDefinition {
  for (const method of Object.values(service) as unknown as Array<Record<string | symbol, unknown>>) {
    if (method[TIMED]) continue;
    const deserialize = method.requestDeserialize as (bytes: Buffer) => unknown;
    const serialize = method.responseSerialize as (value: unknown) => Buffer;
    method.requestDeserialize = (bytes: Buffer) => {
      const startedUs = nowUs();
      const message = deserialize(bytes);
      if (typeof message === "object" && message !== null)
        decodeTimings.set(message, { startedUs, us: nowUs() - startedUs });
      return message;
    };
    method.responseSerialize = (value: unknown) => {
      const startedUs = nowUs();
      try {
        return serialize(value);
      } finally {
        if (encodeSink) encodeSink.codecUs += nowUs() - startedUs;
      }
    };
    method[TIMED] = true;
  }
  return service;
}

/** When the decode of a message began and how long it took (undefined: not decoded by a timed service). */
export function decodeTimingOf(message: unknown): DecodeTiming | undefined {
  return typeof message === "object" && message !== null ? decodeTimings.get(message) : undefined;
}

/** Runs a synchronous send (grpc-js encodes inside callback() and write()), counting its encode to the span. */
export function encodingInto<T>(span: RequestSpan, send: () => T): T {
  const previous = encodeSink;
  encodeSink = span;
  try {
    return send();
  } finally {
    encodeSink = previous;
  }
}
