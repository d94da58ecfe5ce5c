import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findExecutable } from "./find-executable";

const execFileP = promisify(execFile);

/**
 * Finding a tool the runner drives (ghz, and any other load generator with its own binary), from an
 * environment the caller read once at start-up: nothing here looks at this process's own
 * environment, so what the CLI or the runner service was given is what counts.
 */

type Env = Readonly<Record<string, string | undefined>>;

export interface ToolSpec {
  /** The executable's file name, e.g. "ghz". */
  name: string;
  /** A variable naming the binary explicitly (e.g. GHZ_BIN): when set it is the only candidate. */
  overrideVar?: string;
  /** Also look where `go install` puts binaries: ~/go/bin, then $(go env GOPATH)/bin. */
  goInstalled?: boolean;
  /**
   * A program this repository builds itself: its built file (looked at before PATH) and the command
   * that builds it, for the error when it is missing.
   */
  built?: { path: string; by: string };
}

/** Where a tool is, or why it could not be found (a tool is only needed when it is used). */
export type LocatedTool = { name: string; path: string } | { name: string; path: null; problem: string };

/**
 * $OVERRIDE, then PATH, then (for Go tools) ~/go/bin and $(go env GOPATH)/bin. Never throws: a
 * missing tool comes back with the list of places tried, for the error its first use raises.
 */
export async function locateTool(spec: ToolSpec, env: Env): Promise<LocatedTool> {
  const { name, overrideVar } = spec;
  const explicit = overrideVar ? env[overrideVar] : undefined;
  if (explicit) {
    const found = await findExecutable([path.basename(explicit)], {
      searchPath: path.dirname(path.resolve(explicit)),
      extraDirs: [],
    });
    return found === null
      ? { name, path: null, problem: `${overrideVar}=${explicit} is not an executable file` }
      : { name, path: found };
  }
  const tried: string[] = [];
  const lookIn = async (dirs: string[]) => {
    tried.push(...dirs.map((dir) => path.join(dir, name)));
    return dirs.length === 0 ? null : findExecutable([name], { searchPath: dirs.join(path.delimiter), extraDirs: [] });
  };
  if (spec.built) {
    const ours = await lookIn([path.dirname(spec.built.path)]);
    if (ours) return { name, path: ours };
  }
  const onPath = await lookIn((env.PATH ?? "").split(path.delimiter).filter(Boolean));
  if (onPath) return { name, path: onPath };
  if (spec.goInstalled) {
    const inHomeGoBin = await lookIn([path.join(env.HOME ?? os.homedir(), "go", "bin")]);
    if (inHomeGoBin) return { name, path: inHomeGoBin };
    const gopath = await goPath(env);
    if (gopath === null) tried.push(`$(go env GOPATH)/bin/${name} (go not available)`);
    else {
      const inGoPath = await lookIn(gopath.map((dir) => path.join(dir, "bin")));
      if (inGoPath) return { name, path: inGoPath };
    }
  }
  const install = spec.built ? `Build it with \`${spec.built.by}\`` : "Install it";
  const hint = overrideVar ? `${install} or set ${overrideVar}.` : `${install}.`;
  return { name, path: null, problem: `${name} not found; tried: ${tried.join(", ")}. ${hint}` };
}

/** The path of a located tool, or the error saying where it was looked for. */
export function toolPath(tool: LocatedTool): string {
  if (tool.path === null) throw new Error(tool.problem);
  return tool.path;
}

async function goPath(env: Env): Promise<string[] | null> {
  try {
    const { stdout } = await execFileP("go", ["env", "GOPATH"], { timeout: 10_000, env: { ...env } });
    return stdout.trim().split(path.delimiter).filter(Boolean);
  } catch {
    return null;
  }
}
