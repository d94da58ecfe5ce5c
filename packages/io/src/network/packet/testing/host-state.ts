import { execFileSync } from "node:child_process";

/** What the host shows of network namespaces and links, for the "nothing left" checks. */
export function namespaceNames(ip: string): string[] {
  return execFileSync(ip, ["netns", "list"], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(" ")[0] ?? "")
    .filter(Boolean);
}

/** The host namespace's interface names (a veth end left behind would show here). */
export function hostLinkNames(ip: string): string[] {
  return execFileSync(ip, ["-o", "link", "show"], { encoding: "utf8" })
    .split("\n")
    .map((line) => /^\d+:\s+([^:@]+)/.exec(line)?.[1] ?? "")
    .filter(Boolean);
}

/** The namespaces the given owner pid's links would be named with. */
export const ownedBy = (pid: number) => (name: string) => name.startsWith(`relix-${pid}-`);
