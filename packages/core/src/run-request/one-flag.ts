import type { FieldCli, FieldFlag } from "./run-field";

/**
 * A field set by one flag: its text through `parse` (which names the flag in its errors), absent
 * when the flag is not given; `show` writes a preset's value the way the flag takes it.
 */
export function singleFlag<T>(
  flag: FieldFlag,
  parse: (flag: string, raw: string) => T,
  show?: (value: T) => string,
): FieldCli<T> {
  return {
    flags: [flag],
    read: (texts) => {
      const raw = texts.one(flag.name);
      return raw === undefined ? undefined : parse(flag.name, raw);
    },
    ...(show ? { show } : {}),
  };
}
