/**
 * Compact, allocation-light sample recording for in-process load generation (autocannon runs in
 * our event loop: one object per response would add GC pauses to the very latencies we measure).
 * Samples live in growable typed arrays plus a small code table until the run is over.
 */
import { isOkCode, type ClientSample } from "./sample";

export class SampleStore {
  private end = new Float64Array(1 << 14);
  private lat = new Float64Array(1 << 14);
  private codeIdx = new Uint16Array(1 << 14);
  private fromDue = new Float64Array(1 << 14);
  private scheduled = false;
  private readonly codeTable: string[] = [];
  private readonly codeMap = new Map<string, number>();
  length = 0;

  /**
   * endMs: ms since the run's start; latencyMs: float ms; fromDueMs: the latency counted from the
   * request's intended send time, when it had one (NaN otherwise).
   */
  push(endMs: number, latencyMs: number, code: string, fromDueMs = Number.NaN): void {
    if (this.length === this.end.length) this.grow();
    let ci = this.codeMap.get(code);
    if (ci === undefined) {
      ci = this.codeTable.length;
      if (ci > 0xffff) throw new Error("too many distinct response codes");
      this.codeTable.push(code);
      this.codeMap.set(code, ci);
    }
    const i = this.length++;
    this.end[i] = endMs;
    this.lat[i] = latencyMs;
    this.codeIdx[i] = ci;
    this.fromDue[i] = fromDueMs;
    if (!Number.isNaN(fromDueMs)) this.scheduled = true;
  }

  private grow(): void {
    const n = this.end.length * 2;
    const e = new Float64Array(n);
    e.set(this.end);
    this.end = e;
    const l = new Float64Array(n);
    l.set(this.lat);
    this.lat = l;
    const c = new Uint16Array(n);
    c.set(this.codeIdx);
    this.codeIdx = c;
    const d = new Float64Array(n);
    d.set(this.fromDue);
    this.fromDue = d;
  }

  /** Views over the recorded data (no copy). */
  columns(): SampleColumns & { endMs: Float64Array; latencyMs: Float64Array; code: Uint16Array } {
    return {
      codes: [...this.codeTable],
      endMs: this.end.subarray(0, this.length),
      latencyMs: this.lat.subarray(0, this.length),
      code: this.codeIdx.subarray(0, this.length),
      ...(this.scheduled ? { fromDueMs: Array.from(this.fromDue.subarray(0, this.length)) } : {}),
    };
  }
}

/** Column-oriented samples: `code[i]` indexes `codes`; latency in ms (float). */
export interface SampleColumns {
  codes: string[];
  endMs: ArrayLike<number>;
  latencyMs: ArrayLike<number>;
  code: ArrayLike<number>;
  /** Latency from each request's intended send time (null: none), when the run had a schedule. */
  fromDueMs?: ArrayLike<number | null>;
}

export function samplesFromColumns(c: SampleColumns): ClientSample[] {
  const n = c.endMs.length;
  if (c.latencyMs.length !== n || c.code.length !== n) throw new Error("sample columns have different lengths");
  const okByCode = c.codes.map(isOkCode);
  const out = new Array<ClientSample>(n);
  for (let i = 0; i < n; i++) {
    const ci = c.code[i]!;
    const code = c.codes[ci];
    if (code === undefined) throw new Error(`sample ${i} has unknown code index ${ci}`);
    out[i] = { endMs: c.endMs[i]!, latencyUs: c.latencyMs[i]! * 1000, ok: okByCode[ci]!, code };
    const fromDue = c.fromDueMs?.[i];
    if (typeof fromDue === "number" && Number.isFinite(fromDue)) out[i]!.fromDueLatencyUs = fromDue * 1000;
  }
  return out;
}
