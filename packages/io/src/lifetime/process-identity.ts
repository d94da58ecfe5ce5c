import { readFileSync } from "node:fs";

/**
 * One process instance, told apart from any other that later gets the same pid: the kernel's boot
 * (/proc/sys/kernel/random/boot_id) and the process's start time in clock ticks since that boot
 * (field 22 of /proc/<pid>/stat). Within one boot a pid is only handed out again after its process
 * is gone, and the new one starts later, so pid + start time + boot names exactly one process.
 */
export interface ProcessIdentity {
  pid: number;
  startTime: string;
  bootId: string;
}

interface ProcStat {
  /** Field 3: R, S, D... Z (zombie) and X (dead) are processes that have already ended. */
  state: string;
  startTime: string;
}

/** Fields 3 and 22 of a /proc/<pid>/stat line. Exported for tests. */
export function parseStatLine(text: string): ProcStat {
  // Field 2 (comm) is in parentheses and may itself hold spaces and ')': the fields after it are counted from the last ')'.
  const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: rest[0] ?? "", startTime: rest[22 - 3] ?? "" };
}

function readStat(pid: number): ProcStat | null {
  try {
    return parseStatLine(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

let cachedBootId: string | null | undefined;

function bootId(): string | null {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId;
}

/** The identity of the running process `pid`; null when it has ended, or off Linux (no /proc). */
export function identifyProcess(pid: number): ProcessIdentity | null {
  const stat = readStat(pid);
  const boot = bootId();
  if (stat === null || boot === null || stat.startTime === "" || isEnded(stat)) return null;
  return { pid, startTime: stat.startTime, bootId: boot };
}

/** Whether that very process is still running: same boot, same pid, same start time, not ended. */
export function isStillRunning(identity: ProcessIdentity): boolean {
  const now = identifyProcess(identity.pid);
  return now !== null && now.startTime === identity.startTime && now.bootId === identity.bootId;
}

// A killed process whose parent has not reaped it yet stays a zombie: it runs nothing and holds no
// port or file, only its pid.
const isEnded = (stat: ProcStat) => stat.state === "Z" || stat.state === "X";
