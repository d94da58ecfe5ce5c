// The network emulator a run's placements go through (other than loopback, which has none).
import { z } from "zod";
import { parseChoice } from "./flag-values";
import { singleFlag } from "./one-flag";
import { defineRunField } from "./run-field";

/**
 * packet: namespaces joined by a veth, each packet delayed at the receiving side (handshakes, slow
 * start and flow control pay the round trips); proxy: Toxiproxy, which delays bytes between two
 * TCP connections it terminates itself, in whole milliseconds per direction.
 */
export const emulatorChoices = ["packet", "proxy"] as const;
export type EmulatorChoice = (typeof emulatorChoices)[number];

/**
 * Absent: packet where the runner can build packet links (root on Linux, NFQUEUE, the helper
 * built), otherwise proxy, with the reason in the result. Asking for packet where it cannot be
 * built refuses the run instead of measuring something else.
 */
export const emulatorField = defineRunField({
  key: "emulator",
  schema: z.enum(emulatorChoices).optional(),
  cli: singleFlag(
    {
      name: "emulator",
      value: "packet|proxy",
      example: "proxy",
      help: "the network emulator for placements other than loopback: packet (namespaces and a veth, each packet delayed; needs root on Linux) or proxy (Toxiproxy, whole ms, no handshake)",
      default: "packet where the runner can, else proxy",
    },
    (flag, raw) => parseChoice(flag, raw, emulatorChoices),
    String,
  ),
  // Read-only in the form: the runner's choice; `pnpm bench --emulator packet|proxy` chooses per run.
  form: {
    input: "shown",
    id: "emulator",
    label: "Network emulator",
    text: "packet level where the runner can (root on Linux), else Toxiproxy",
    hint: "pnpm bench --emulator packet|proxy chooses per run",
  },
});
