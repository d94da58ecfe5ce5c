import type { EventEmitter } from "node:events";

/**
 * Waits until a stream that refused a write can take more ('drain', resolves true) or has gone
 * away ('close', or gRPC's 'cancelled': resolves false). A destroyed stream never drains, so
 * waiting for 'drain' alone would hang; the listeners are removed either way, so a long slow
 * stream does not pile them up.
 */
export function drainedOrClosed(stream: EventEmitter): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (drained: boolean) => () => {
      stream.off("drain", onDrain);
      stream.off("close", onClose);
      stream.off("cancelled", onClose);
      resolve(drained);
    };
    const onDrain = finish(true);
    const onClose = finish(false);
    stream.once("drain", onDrain);
    stream.once("close", onClose);
    stream.once("cancelled", onClose);
  });
}
