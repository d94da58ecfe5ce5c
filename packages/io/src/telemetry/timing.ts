import { DomainError } from "@relix/core";
import type { Outcome } from "./outcome";

export const nowUs = () => Number(process.hrtime.bigint()) / 1000;

/** The outcome label of an error, shared by both transports' instrumentation. */
export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof DomainError)) return "server_error";
  switch (error.kind) {
    case "not_found":
      return "not_found";
    case "unavailable":
      return "unavailable";
    default:
      return "client_error";
  }
}
