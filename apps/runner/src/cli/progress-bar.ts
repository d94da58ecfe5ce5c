// Progress on stderr, from the engine's RunEvents. On a terminal: one bar redrawn in place, with
// finished cells and warnings scrolling above it. Elsewhere (CI logs, pipes): plain lines only, one
// per finished cell, because a redrawn line is noise in a log file.
import type { CellRef, RunEvent } from "../engine/run-events";
import { styles, type Styles } from "@relix/core/render/terminal/ansi";
import { formatClock, formatMs, formatRps } from "@relix/core/render/format";
import { sweepPointLabel } from "@relix/core/render/sweeps/coords-label";

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  color?: boolean;
  /** For tests: the clock used to limit redraws. */
  now?: () => number;
}

const PROTOCOL = { rest: "REST", grpc: "gRPC" } as const;
const BAR_WIDTH = 24;
const REDRAW_MS = 100;

function cellLabel(cell: CellRef): string {
  const cache = cell.cacheMode === "none" ? "" : ` ${cell.cacheMode}`;
  // Loopback is what every run without placements measured: only another placement is named.
  const placement = cell.placement && cell.placement !== "loopback" ? ` @${cell.placement}` : "";
  // A sweep measures the same workload at several points: say which one.
  const point = sweepPointLabel(cell.coords, cell.refinement);
  const at = point ? ` ${point}` : "";
  // A stack beyond the default two shares its family's protocol word: name it.
  const stack = cell.stack ? ` ${cell.stack}` : "";
  return `[${cell.index}/${cell.total}] ${cell.workload}${at}${cache}${placement} ${PROTOCOL[cell.protocol]}${stack} trial ${cell.trial}/${cell.trials}`;
}

export class ProgressBar {
  readonly #out: ProgressStream;
  readonly #tty: boolean;
  readonly #s: Styles;
  readonly #now: () => number;
  #fraction = 0;
  #remainingMs: number | null = null;
  #cell: CellRef | null = null;
  #warmup = false;
  #rps: number | null = null;
  #drawn = false;
  #lastDraw = -Infinity;

  constructor(out: ProgressStream, options: ProgressOptions = {}) {
    this.#out = out;
    this.#tty = out.isTTY === true;
    this.#s = styles((options.color ?? false) && this.#tty);
    this.#now = options.now ?? (() => performance.now());
  }

  handle(event: RunEvent): void {
    switch (event.type) {
      case "phase":
        this.#line(this.#s.dim(`> ${event.message}`));
        break;
      case "cell-start":
        this.#cell = event.cell;
        this.#warmup = event.warmupMs > 0;
        this.#rps = null;
        this.#draw(true);
        break;
      case "sample":
        this.#warmup = event.warmup;
        this.#rps = event.requests;
        this.#draw(false);
        break;
      case "progress":
        this.#fraction = Math.min(1, Math.max(0, event.fraction));
        this.#remainingMs = event.remainingMs;
        this.#draw(false);
        break;
      case "cell-end": {
        const errors = event.errors > 0 ? this.#s.red(`, ${event.errors} errors`) : "";
        // Named: in a run measured by the tools and by one client for both, these are the tool's figures.
        const client = event.client ? ` (${event.client})` : "";
        const numbers = `p50 ${formatMs(event.p50Ms)} ms, p99 ${formatMs(event.p99Ms)} ms, ${formatRps(event.rps)} rps${errors}${client}`;
        this.#line(`${this.#tty ? this.#s.green("done ") : ""}${cellLabel(event.cell)}: ${numbers}`);
        break;
      }
      case "warning":
        this.#line(this.#s.yellow(`warning: ${event.message}`));
        break;
    }
  }

  /** A line of its own (above the bar on a terminal). */
  note(message: string): void {
    this.#line(message);
  }

  /** Removes the bar so what follows starts on a clean line. */
  finish(): void {
    this.#clear();
  }

  #clear(): void {
    if (this.#tty && this.#drawn) this.#out.write("\r\x1b[2K");
    this.#drawn = false;
  }

  #line(text: string): void {
    this.#clear();
    this.#out.write(`${text}\n`);
    this.#draw(true);
  }

  #draw(force: boolean): void {
    if (!this.#tty || this.#cell === null) return;
    const now = this.#now();
    if (!force && now - this.#lastDraw < REDRAW_MS) return;
    this.#lastDraw = now;
    const filled = Math.round(this.#fraction * BAR_WIDTH);
    const bar = `${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}`;
    const eta = this.#remainingMs === null ? "" : `  ETA ${formatClock(this.#remainingMs)}`;
    const state = this.#warmup ? "warm-up" : this.#rps === null ? "measuring" : `${formatRps(this.#rps)} req/s`;
    let text = `${bar} ${String(Math.round(this.#fraction * 100)).padStart(3)}%${eta}  ${cellLabel(this.#cell)} · ${state}`;
    // 0 when the terminal does not report a size (e.g. under `script`).
    const columns = this.#out.columns || 120;
    // A line longer than the terminal wraps, and "\r" would then redraw only its last part.
    if (text.length > columns - 1) text = `${text.slice(0, Math.max(0, columns - 2))}…`;
    this.#out.write(`\r\x1b[2K${text}`);
    this.#drawn = true;
  }
}
