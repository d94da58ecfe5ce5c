import { createHash } from "node:crypto";
import type { EchoRequest, EchoReply, StreamMessage, UploadReply } from "@relix/core";
import { sleep, type CallContext } from "@relix/core/calls/call-context";

const MIB = 1024 * 1024;

/** The floor (noop) and study 001's echo, stream and upload: no data store involved. */
export function createBenchService() {
  return {
    noop: () => ({}),

    /** 001's simple call: the server sleeps `delayMs`, then answers with the map it got. */
    echo: async (request: EchoRequest, ctx: CallContext): Promise<EchoReply> => {
      await sleep(ctx.delayMs);
      return { status: "ok", data: request.data };
    },

    /** 001's streaming call: `delayMs` before each message. */
    async *stream(numberOfMessages: number, ctx: CallContext): AsyncGenerator<StreamMessage> {
      for (let sequence = 0; sequence < numberOfMessages; sequence++) {
        await sleep(ctx.delayMs);
        yield { data: `relix stream message ${String(sequence).padStart(6, "0")}`, sequence };
      }
    },

    /** 001's large payload: `delayMs` per MiB received, then its size and digest. */
    upload: async (payload: Buffer, ctx: CallContext): Promise<UploadReply> => {
      await sleep(Math.round((ctx.delayMs * payload.length) / MIB));
      return { size: payload.length, sha256: createHash("sha256").update(payload).digest("hex") };
    },
  };
}
