/**
 * Nothing a packet link makes outlives it: not after close(), not after a failure part way through
 * opening, not after its owner is killed outright (the next start's sweep removes it then), and the
 * sweep touches nothing a live owner still uses. Checked in the host's own listings.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { identifyProcess } from "../../lifetime/process-identity";
import { detectPacketEmulation } from "./capability";
import { describeSweptLinks, sweepPacketLinks } from "./link-sweep";
import { openPacketLink, type PacketLink } from "./packet-link";
import { hostLinkNames, namespaceNames, ownedBy } from "./testing/host-state";
import { startLinkOwner, type LinkOwner } from "./testing/link-owner-process";

const emulation = await detectPacketEmulation(process.env);
if (!emulation.usable) console.log(`packet link cleanup tests skipped: ${emulation.reason}`);

let scratch = "";
const owners: LinkOwner[] = [];
const links: PacketLink[] = [];
const running = (pid: number) => identifyProcess(pid) !== null;

afterEach(async () => {
  for (const link of links.splice(0)) await link.close();
  for (const owner of owners.splice(0)) owner.child.kill("SIGKILL");
  if (scratch) await sweepPacketLinks(path.join(scratch, "state"));
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = "";
});

afterAll(() => {
  if (!emulation.usable) return;
  // Whatever this file's links were named, none is left on the host.
  expect(namespaceNames(emulation.tools.ip).filter(ownedBy(process.pid))).toEqual([]);
  expect(hostLinkNames(emulation.tools.ip).filter((name) => name.startsWith("relix-"))).toEqual([]);
});

async function stateDir(): Promise<string> {
  scratch = await mkdtemp(path.join(os.tmpdir(), "relix-packet-test-"));
  return path.join(scratch, "state");
}

describe.runIf(emulation.usable)("packet link cleanup", { timeout: 60_000 }, () => {
  if (!emulation.usable) return;
  const { helper, tools } = emulation;

  it("close() stops the helpers and removes both namespaces, the veth and the record", async () => {
    const state = await stateDir();
    const link = await openPacketLink({ rttMs: 1, bandwidthMbps: 100, helper, tools, stateDir: state });
    await link.verify();
    const names = [link.client.namespace, link.server.namespace];
    expect(namespaceNames(tools.ip)).toEqual(expect.arrayContaining(names));
    expect(await readdir(state)).toHaveLength(1);

    const closed = await link.close();
    console.log(`closed: ${JSON.stringify(closed.removed)}; client helper ${JSON.stringify(closed.stats.client)}`);
    expect(closed.stats.client?.packets).toBeGreaterThan(0);
    expect(closed.stats.server?.reason).toBe("exit");
    expect(closed.removed.namespaces.sort()).toEqual([...names].sort());
    expect(namespaceNames(tools.ip).filter((n) => names.includes(n))).toEqual([]);
    expect(await readdir(state)).toEqual([]);
    // Closing again is harmless.
    await link.close();
  });

  it("a failure part way through opening removes what was made so far", async () => {
    const state = await stateDir();
    // This process's own namespaces only: other test files open links of their own meanwhile.
    const ours = () => namespaceNames(tools.ip).filter((name) => name.startsWith(`relix-${process.pid}-`));
    const before = ours();
    // /bin/false exits at once: the helper never says it is ready, after the namespaces and veth exist.
    await expect(openPacketLink({ rttMs: 1, helper: "/bin/false", tools, stateDir: state })).rejects.toThrow(
      /packet-delay exited/,
    );
    expect(ours()).toEqual(before);
    expect(await readdir(state)).toEqual([]);
  });

  it("after its owner is killed outright, the sweep removes its namespaces and ends what ran in them", async () => {
    const state = await stateDir();
    const owner = await startLinkOwner(scratch, state, helper, tools);
    owners.push(owner);
    owner.child.kill("SIGKILL");
    await owner.exited;
    // Nothing of the owner ran after SIGKILL: its namespaces and record are still there.
    expect(namespaceNames(tools.ip)).toEqual(expect.arrayContaining(owner.made.namespaces));
    expect(existsSync(path.join(state, owner.made.record))).toBe(true);

    const swept = await sweepPacketLinks(state);
    console.log(`sweep: ${describeSweptLinks(swept).join(" | ")}`);
    expect(swept.owners).toEqual([owner.child.pid]);
    expect(swept.removed.flatMap((r) => r.namespaces).sort()).toEqual([...owner.made.namespaces].sort());
    // The echo server and the helpers end with their owner (a parent-death signal); the stray sleep
    // the owner left in a namespace does not, and the sweep ends it.
    const ended = [
      ...swept.removed.flatMap((r) => r.killed.map((p) => p.pid)),
      ...swept.removed.flatMap((r) => r.strays),
    ];
    expect(ended.length).toBeGreaterThan(0);
    for (const pid of ended) expect(running(pid)).toBe(false);
    expect(namespaceNames(tools.ip).filter((n) => owner.made.namespaces.includes(n))).toEqual([]);
    expect(await readdir(state)).toEqual([]);
    expect(describeSweptLinks(await sweepPacketLinks(state))).toEqual([]);
  });

  it("the sweep leaves a link alone while its owner still runs", async () => {
    const state = await stateDir();
    const link = await openPacketLink({ rttMs: 1, helper, tools, stateDir: state, calibrate: false });
    links.push(link);
    const swept = await sweepPacketLinks(state);
    expect(describeSweptLinks(swept)).toEqual([]);
    expect(namespaceNames(tools.ip)).toEqual(expect.arrayContaining([link.client.namespace, link.server.namespace]));
    expect((await link.verify()).rttMs).toBeGreaterThan(0.9);
  });
});
