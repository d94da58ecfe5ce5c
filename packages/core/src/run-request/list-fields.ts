// The fields that name things: workloads from the catalog, cache modes, stacks.
import { z } from "zod";
import { cacheModes } from "../calls/cache-mode";
import { workloadIds } from "../catalog/catalog";
import { specBounds as b } from "../spec/bounds";
import { completedStacks, hasBothFamilies, STACK_LIST_RULE } from "../stacks/stack-list";
import { DEFAULT_STACKS, stackIdSchema, stackIds, type StackId } from "../stacks/stacks";
import { suggestion } from "./did-you-mean";
import { FlagValueError, parseList, rangeText as range } from "./flag-values";
import { singleFlag } from "./one-flag";
import { defineRunField } from "./run-field";

/** Ids from the catalog; `*` matches within an id ("shape.*.get"); at most the bound's count. */
function parseWorkloads(flag: string, raw: string): string[] {
  const ids = parseList(flag, raw).flatMap((item) => {
    if (item.includes("*")) {
      const pattern = new RegExp(
        `^${item
          .split("*")
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join("[^,]*")}$`,
      );
      const matched = workloadIds.filter((id) => pattern.test(id));
      if (matched.length === 0)
        throw new FlagValueError(
          `--${flag} ${JSON.stringify(raw)}: "${item}" matches no workload (known: ${workloadIds.join(", ")})`,
        );
      return matched;
    }
    if (!workloadIds.includes(item)) {
      const guess = suggestion(item, workloadIds);
      throw new FlagValueError(
        `--${flag} ${JSON.stringify(raw)}: unknown workload "${item}"${guess ? ` (did you mean ${guess}?)` : ""}; known: ${workloadIds.join(", ")}`,
      );
    }
    return [item];
  });
  const unique = [...new Set(ids)];
  if (unique.length > b.workloads.max)
    throw new FlagValueError(
      `--${flag} ${JSON.stringify(raw)}: ${unique.length} workloads, at most ${b.workloads.max} per run`,
    );
  return unique;
}

function parseCacheModes(flag: string, raw: string): (typeof cacheModes)[number][] {
  return parseList(flag, raw).map((mode) => {
    const known = cacheModes.find((m) => m === mode);
    if (known === undefined) {
      throw new FlagValueError(
        `--${flag} ${JSON.stringify(raw)}: unknown cache mode "${mode}" (use ${cacheModes.join(", ")})`,
      );
    }
    return known;
  });
}

/** Stacks by id, completed by the stack-list rule (stacks/stack-list.ts): express and grpc-js added where the list needs them. */
function parseStacks(flag: string, raw: string): StackId[] {
  const named = parseList(flag, raw).map((name) => {
    const known = stackIds.find((id) => id === name);
    if (!known) {
      throw new FlagValueError(
        `--${flag} ${JSON.stringify(raw)}: unknown stack "${name}" (use ${stackIds.join(", ")})`,
      );
    }
    return known;
  });
  return completedStacks(named);
}

const joined = (list: readonly string[]) => list.join(",");

export const workloadsField = defineRunField({
  key: "workloads",
  schema: z
    .array(z.enum(workloadIds as [string, ...string[]]))
    .min(b.workloads.min)
    .max(b.workloads.max),
  cli: singleFlag(
    {
      name: "workloads",
      value: "LIST",
      example: "item.get,noop",
      help: `comma-separated workload ids (see WORKLOADS); * matches within an id, e.g. 'shape.*.get'; ${range(b.workloads)} workloads`,
    },
    parseWorkloads,
    joined,
  ),
  form: { input: "section", unit: "workloads" },
});

export const cacheModesField = defineRunField({
  key: "cacheModes",
  schema: z.array(z.enum(cacheModes)).min(1).max(cacheModes.length).default(["warm"]),
  sweepDimension: "cacheModes",
  cli: singleFlag(
    {
      name: "cache",
      value: "LIST",
      example: "warm,cold",
      help: "cache modes for workloads that read through the cache: warm (Redis hit), cold (MySQL, no cache), miss (MySQL, then fill Redis), memory (process-local cache, no Redis)",
    },
    parseCacheModes,
    joined,
  ),
  form: { input: "section" },
});

/**
 * The stacks every cell is measured through (stacks/stacks.ts): at least one REST and one gRPC
 * stack, and the run's pair among them (resolveRunRequest adds the pair's two). Absent in specs
 * written before = express and grpc-js.
 */
export const stacksField = defineRunField({
  key: "stacks",
  schema: z
    .array(stackIdSchema)
    .min(2)
    .max(stackIds.length)
    .refine((list) => new Set(list).size === list.length, { message: "each stack may be listed once" })
    .refine(hasBothFamilies, { message: "needs at least one REST and one gRPC stack: a run compares the two" })
    .default([...DEFAULT_STACKS]),
  sweepDimension: "stacks",
  cli: singleFlag(
    {
      name: "stacks",
      value: "LIST",
      example: "node,h2c",
      help: `stacks to measure every cell through (see STACKS): ${stackIds.join(", ")}; ${STACK_LIST_RULE}`,
      default: DEFAULT_STACKS.join(","),
    },
    parseStacks,
  ),
  form: { input: "section" },
});
