// Flag values -> numbers for the CLI's own commands (calibrate): the run-field table's parsers,
// each failure a UsageError naming the flag, the value and what is allowed.
import { parseCount as parseCountOf, type FlagBound } from "@relix/core";
import { asUsage } from "./usage-error";

export function parseCount(flag: string, raw: string, bound: FlagBound): number {
  return asUsage(() => parseCountOf(flag, raw, bound));
}
