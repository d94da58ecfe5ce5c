import { FlagValueError } from "@relix/core";

/** A bad flag or value: the CLI prints the message on one line and exits 2 without running anything. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** `read()`, with a flag value the run-field table refuses turned into a UsageError (same message). */
export function asUsage<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FlagValueError) throw new UsageError(error.message);
    throw error;
  }
}
