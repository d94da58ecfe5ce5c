// Plain ANSI escapes instead of a colour library: five styles are all the CLI uses, and a
// dependency for them is not worth its install. Disabled styles return text unchanged, so callers
// never branch on colour themselves.
export interface Styles {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

const on: Styles = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  yellow: wrap(33, 39),
  green: wrap(32, 39),
};
const identity = (text: string) => text;
const off: Styles = { bold: identity, dim: identity, red: identity, yellow: identity, green: identity };

export function styles(enabled: boolean): Styles {
  return enabled ? on : off;
}

/** Length as a terminal shows it: escapes take no columns. */
export function visibleLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, "").length;
}
