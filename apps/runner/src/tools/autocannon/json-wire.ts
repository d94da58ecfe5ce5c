/**
 * JSON for what crosses to and from an autocannon run in another process (autocannon-elsewhere.ts):
 * request bodies are Buffers and some sample figures are NaN, which plain JSON would turn into an
 * array of numbers and null.
 */
const NON_FINITE = "$nonFinite";

export function toWire(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key: string, item: unknown) {
    const raw = (this as Record<string, unknown>)[key];
    if (typeof raw === "number" && !Number.isFinite(raw)) return { [NON_FINITE]: String(raw) };
    return item;
  });
}

export function fromWire<T>(text: string): T {
  return JSON.parse(text, (_key, item: unknown) => {
    if (item && typeof item === "object") {
      const record = item as Record<string, unknown>;
      if (typeof record[NON_FINITE] === "string") return Number(record[NON_FINITE]);
      if (record.type === "Buffer" && Array.isArray(record.data)) return Buffer.from(record.data as number[]);
    }
    return item;
  }) as T;
}
