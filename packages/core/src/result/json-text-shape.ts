export interface JsonTextLimits {
  /** Arrays and objects nested deeper than this are refused. */
  maxDepth: number;
  /** More values than this are refused (one per comma, array and object, plus one). */
  maxValues: number;
}

/** What one pass over JSON text finds out before anything parses it. */
export type JsonTextShape =
  | {
      within: true;
      /** At least as many as the values the text holds: what listing every problem could cost. */
      values: number;
    }
  | {
      within: false;
      exceeded: "depth" | "values";
      /** Index of the character where the limit was passed (the scan stops there). */
      at: number;
    };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Nesting depth and a count of values, from the characters alone: one pass, no allocation, stopping
 * at the first limit passed. Parsing 20 MiB of `[[[[…` or of `0,0,0,…` costs seconds and hundreds
 * of MB before any schema looks at it; this refuses either in milliseconds. Text that is not JSON
 * at all is measured as if it were and left for JSON.parse to refuse.
 */
export function jsonTextShape(text: string, limits: JsonTextLimits): JsonTextShape {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth += 1;
      values += 1;
      if (depth > limits.maxDepth) return { within: false, exceeded: "depth", at: i };
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth -= 1;
    } else if (c === COMMA) {
      values += 1;
    }
    if (values > limits.maxValues) return { within: false, exceeded: "values", at: i };
  }
  return { within: true, values };
}
