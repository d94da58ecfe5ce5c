/**
 * Structural equality of two decoded answers (REST JSON vs gRPC protobuf), returning the
 * path of the first difference or null. Tolerates what the encodings legitimately change:
 * absent vs null message fields, and float32 rounding (relative 1e-6).
 */
export function firstDifference(rest: unknown, grpc: unknown, path = "$"): string | null {
  if (isAbsent(rest) && isAbsent(grpc)) return null;
  if (typeof rest === "number" && typeof grpc === "number") {
    return numbersMatch(rest, grpc) ? null : `${path}: REST ${rest} vs gRPC ${grpc}`;
  }
  if (Buffer.isBuffer(rest) || Buffer.isBuffer(grpc)) {
    return Buffer.isBuffer(rest) && Buffer.isBuffer(grpc) && rest.equals(grpc) ? null : `${path}: bytes differ`;
  }
  if (Array.isArray(rest) || Array.isArray(grpc)) {
    if (!Array.isArray(rest) || !Array.isArray(grpc))
      return `${path}: array vs ${describe(Array.isArray(rest) ? grpc : rest)}`;
    if (rest.length !== grpc.length) return `${path}: ${rest.length} elements (REST) vs ${grpc.length} (gRPC)`;
    for (let i = 0; i < rest.length; i++) {
      const diff = firstDifference(rest[i], grpc[i], `${path}[${i}]`);
      if (diff) return diff;
    }
    return null;
  }
  if (isObject(rest) && isObject(grpc)) {
    const keys = new Set([...Object.keys(rest), ...Object.keys(grpc)]);
    for (const key of keys) {
      const diff = firstDifference(rest[key], grpc[key], `${path}.${key}`);
      if (diff) return diff;
    }
    return null;
  }
  return Object.is(rest, grpc) ? null : `${path}: REST ${describe(rest)} vs gRPC ${describe(grpc)}`;
}

const isAbsent = (v: unknown) => v === null || v === undefined;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

function numbersMatch(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b));
}

function describe(v: unknown): string {
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
