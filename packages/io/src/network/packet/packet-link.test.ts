/**
 * The packet link against the real kernel and the real helper: what a placement relies on. Each
 * figure is printed; bounds are generous (a shared two-core machine), but each one fails if the
 * link is not what it claims: a proxy, or no delay, or delay per connection instead of per packet.
 */
import { afterEach, describe, expect, it } from "vitest";
import { detectPacketEmulation } from "./capability";
import { median, type LinkVerification } from "./link-verification";
import { runNodeProgram, startNodeServer, type NamespacedServer } from "./node-in-namespace";
import { openPacketLink, type PacketLink } from "./packet-link";
import {
  CONNECTION_POLICY_CLIENT_PROGRAM,
  HTTP_SERVER_PROGRAM,
  LARGE_REPLY_CLIENT_PROGRAM,
} from "./testing/http-programs";

const emulation = await detectPacketEmulation(process.env);
if (!emulation.usable) console.log(`packet link tests skipped: ${emulation.reason}`);

const opened: PacketLink[] = [];
const servers: NamespacedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const link of opened.splice(0)) await link.close();
});

async function open(rttMs: number): Promise<PacketLink> {
  if (!emulation.usable) throw new Error(emulation.reason);
  const link = await openPacketLink({ rttMs, helper: emulation.helper, tools: emulation.tools, stateDir: null });
  opened.push(link);
  console.log(`${rttMs} ms link: calibration ${JSON.stringify(link.calibration)}`);
  return link;
}

async function closeLink(link: PacketLink): Promise<void> {
  await link.close();
  const index = opened.indexOf(link);
  if (index >= 0) opened.splice(index, 1);
}

async function httpServer(link: PacketLink): Promise<NamespacedServer> {
  const server = await startNodeServer(
    link.server.exec,
    HTTP_SERVER_PROGRAM,
    [link.server.address],
    "a test HTTP server",
  );
  servers.push(server);
  return server;
}

describe.runIf(emulation.usable)("a packet link", { timeout: 120_000 }, () => {
  it("reaches same-zone's 0.5 ms RTT within max(10%, 0.05 ms), and a connect takes about one round trip", async () => {
    // A verification is a median of 20 round trips, 10 ms in all: on a shared machine (other test
    // files run beside this one) a whole verification can land in a busy moment, so it is taken
    // again a second later, and the best one counts. A calibration can land in one too and leave the
    // delay off for every verification after it, so a link that misses four times is opened again,
    // calibration included, at most three times in all (the runner recalibrates after each miss,
    // three times in all, and keeps the last: packet-emulator.ts).
    const verifications: LinkVerification[] = [];
    const withinTarget = (v: LinkVerification) => Math.abs(v.rttMs - 0.5) <= 0.05;
    let link: PacketLink | null = null;
    for (let opening = 0; opening < 3 && !verifications.some(withinTarget); opening++) {
      if (link) await closeLink(link);
      link = await open(0.5);
      for (let attempt = 0; attempt < 4 && !verifications.some(withinTarget); attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
        const verification = await link.verify();
        verifications.push(verification);
        console.log(`0.5 ms link: RTT ${verification.rttMs} ms, connect ${verification.connectMs} ms`);
      }
    }
    const best = verifications.reduce((a, b) => (Math.abs(a.rttMs - 0.5) <= Math.abs(b.rttMs - 0.5) ? a : b));
    expect(Math.abs(best.rttMs - 0.5)).toBeLessThanOrEqual(0.05);
    // The handshake crosses the link: at least the RTT, and not several (Node's own connect cost is a
    // few tenths of a ms). A busy moment only adds, so the quickest connect of the verifications
    // counts (3.5 ms once, in the best RTT's verification, with the other test files loading both cores).
    const connects = verifications.flatMap((v) => (v.connectMs === null ? [] : [v.connectMs]));
    expect(Math.min(...connects)).toBeGreaterThanOrEqual(0.45);
    expect(Math.min(...connects)).toBeLessThan(3);
    const stats = await link!.emulatorStats();
    console.log(`0.5 ms link: helpers ${JSON.stringify(stats.client)}`);
    expect(stats.client.packets).toBeGreaterThan(0);
    expect(stats.server.droppedNoRoom + stats.client.droppedNoRoom).toBe(0);
  });

  it("at 20 ms, a request on a new connection pays the handshake (>= 2 RTT), a keep-alive one about 1 RTT", async () => {
    // Every round trip pays the whole delay; a busy moment can only add, so the best counts. A
    // calibration taken in a busy spell can leave the delay high for every verification after it
    // (22.19 ms calibrated, then 22.05-23.89 ms, once on CI), so after four misses a second apart
    // the link is opened again, calibration included, three openings at most, as in the 0.5 ms test.
    const rtts: number[] = [];
    let link: PacketLink | null = null;
    for (let opening = 0; opening < 3 && !rtts.some((rtt) => rtt < 22); opening++) {
      if (link) await closeLink(link);
      link = await open(20);
      for (let attempt = 0; attempt < 4 && !rtts.some((rtt) => rtt < 22); attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
        const verification = await link.verify();
        console.log(`20 ms link: RTT ${verification.rttMs} ms, connect ${verification.connectMs} ms`);
        rtts.push(verification.rttMs);
      }
    }
    for (const rtt of rtts) expect(rtt).toBeGreaterThan(19);
    expect(Math.min(...rtts)).toBeLessThan(22);
    const server = await httpServer(link!);
    const timings = (await runNodeProgram(
      link!.client.exec,
      CONNECTION_POLICY_CLIENT_PROGRAM,
      [link!.server.address, String(server.port), "7"],
      60_000,
    )) as { newConnectionMs: number[]; keepAliveMs: number[] };
    // The delay is a floor every request pays, and a busy moment only adds to it (a median of 122 ms
    // per new connection once, with the other test files loading both cores): the quickest request
    // of each kind is held to both bounds.
    const perConnection = Math.min(...timings.newConnectionMs);
    const keepAlive = Math.min(...timings.keepAliveMs);
    console.log(
      `20 ms link: new connection per request ${perConnection.toFixed(2)} ms (median ${median(timings.newConnectionMs).toFixed(2)}), keep-alive ${keepAlive.toFixed(2)} ms (median ${median(timings.keepAliveMs).toFixed(2)})`,
    );
    expect(perConnection).toBeGreaterThanOrEqual(2 * 20 * 0.95);
    expect(perConnection).toBeLessThan(3.5 * 20);
    expect(keepAlive).toBeGreaterThanOrEqual(20 * 0.95);
    expect(keepAlive).toBeLessThan(1.5 * 20);
  });

  it("at 50 ms, a 1 MB reply takes several round trips (TCP slow start), not one", async () => {
    const link = await open(50);
    const server = await httpServer(link);
    const bytes = 1_000_000;
    const { replyMs } = (await runNodeProgram(
      link.client.exec,
      LARGE_REPLY_CLIENT_PROGRAM,
      [link.server.address, String(server.port), String(bytes)],
      60_000,
    )) as { replyMs: number };
    console.log(`50 ms link: a ${bytes}-byte reply took ${replyMs.toFixed(1)} ms (${(replyMs / 50).toFixed(1)} RTTs)`);
    // An initial window of 10 segments doubling each round trip needs about 6 to carry 1 MB.
    expect(replyMs).toBeGreaterThanOrEqual(3 * 50);
    expect(replyMs).toBeLessThan(30_000);
  });
});
