// --stacks -> the spec's `stacks`. express and grpc-js are added whether listed or not: every other
// stack is reported against both, so a run without them would have nothing to compare with.
import { DEFAULT_STACKS, stackIds, type StackId } from "@relix/core/stacks/stacks";
import { parseList } from "./values";
import { UsageError } from "./usage-error";

export function parseStacks(raw: string): StackId[] {
  const named = parseList("stacks", raw).map((name) => {
    const known = stackIds.find((id) => id === name);
    if (!known) {
      throw new UsageError(`--stacks ${JSON.stringify(raw)}: unknown stack "${name}" (use ${stackIds.join(", ")})`);
    }
    return known;
  });
  const chosen = new Set<StackId>([...DEFAULT_STACKS, ...named]);
  // The catalogue's order, so the same choice always reads the same way in tables and results.
  return stackIds.filter((id) => chosen.has(id));
}
