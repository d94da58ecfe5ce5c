// How `pnpm bench` words the checks that look at several fields (run-request/resolve-run-request.ts
// makes them): by the flags as given, so the user reads back what they typed.
import type { FlagTexts, RunFieldTable, RunRequestWording } from "@relix/core";

export function flagWording(fields: RunFieldTable, texts: FlagTexts): RunRequestWording {
  const flagsOf = (key: string) => fields.find((f) => f.key === key)?.cli?.flags ?? [];
  const flag = (key: string) => flagsOf(key)[0]?.name ?? key;
  /** The flag that gave a field: a part's (--rtt) before the field's own (--network), which it implies. */
  const givenFlag = (key: string) => {
    const [own, ...parts] = flagsOf(key);
    return [...parts, own].find((f) => f !== undefined && texts.one(f.name) !== undefined);
  };
  return {
    sweptField: (dimension, field) => {
      const given = givenFlag(field);
      const named = given ? `--${given.name} ${JSON.stringify(texts.one(given.name))}` : `--${flag(field)}`;
      return `--sweep ${dimension}=... and ${named}: the sweep's values are the run's ${dimension}; give one of them`;
    },
    overTimeLimit: (over, spec) => {
      const shorter =
        spec.requests !== undefined
          ? `fewer --${flag("requests")}${spec.rate === undefined ? "" : ` or a higher --${flag("rate")}`}, or shorter warm-ups`
          : "or shorter windows";
      return `${over.sentence}: fewer values, cells or trials, ${shorter}`;
    },
    delayBudget: (problem, spec) => `--${flag("serverDelayMs")} ${spec.serverDelayMs}ms: ${problem}`,
  };
}
