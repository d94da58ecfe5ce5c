/**
 * The real Toxiproxy (`go install`ed, see scripts/install-system-deps.sh) with the runner's own
 * echo server: what a placement relies on, checked on this machine.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateToxiproxy, measureRtt, startEchoServer, startToxiproxy, type EchoServer, type ToxiproxyServer } from ".";
import { toolPath } from "../backends/find-tool";

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ host: "127.0.0.1", port }, () => server.close(() => resolve(true)));
  });

describe("Toxiproxy and the RTT probe", () => {
  let toxiproxy: ToxiproxyServer;
  let echo: EchoServer;

  beforeAll(async () => {
    toxiproxy = await startToxiproxy(toolPath(await locateToxiproxy(process.env)), process.env);
    echo = await startEchoServer();
  });
  afterAll(async () => {
    await toxiproxy?.stop();
    await echo?.close();
  });

  it("reports the module version, not the 'git' its API answers", () => {
    expect(toxiproxy.version).toMatch(/^2\.\d+\.\d+/);
  });

  it("adds whole milliseconds each way: 10 ms up and down give a round trip just above 20 ms", async () => {
    const direct = await measureRtt("127.0.0.1", echo.port);
    expect(direct).toBeLessThan(1);
    const proxy = await toxiproxy.createProxy("probe", `127.0.0.1:${echo.port}`);
    for (const stream of ["upstream", "downstream"] as const) {
      await toxiproxy.addToxic(proxy.name, {
        name: `latency-${stream}`,
        type: "latency",
        stream,
        attributes: { latency: 10, jitter: 0 },
      });
    }
    // Every probe carries the whole 20 ms; a moment's load on this shared machine can add to one
    // probe's median, so the closest counts, as the runner's own check takes it (placement-session.ts).
    // A busy spell on CI's two loaded cores outlasted six probes (22.96 ms at best once), so the
    // probes go on a second apart until one is close, twenty at most.
    const probes: number[] = [];
    while (probes.length < 20 && !probes.some((rtt) => rtt < 22)) {
      if (probes.length >= 3) await new Promise((resolve) => setTimeout(resolve, 1_000));
      probes.push(await measureRtt("127.0.0.1", proxy.port));
    }
    for (const rtt of probes) expect(rtt).toBeGreaterThanOrEqual(20);
    expect(Math.min(...probes)).toBeLessThan(22);
    for (const stream of ["upstream", "downstream"]) await toxiproxy.removeToxic(proxy.name, `latency-${stream}`);
    // The 20 ms is gone (well under 10 ms even in a busy moment; about 0.1 ms on a quiet machine).
    expect(await measureRtt("127.0.0.1", proxy.port)).toBeLessThan(10);
    await toxiproxy.deleteProxy(proxy.name);
    expect(await toxiproxy.proxies()).toEqual([]);
    expect(await portIsFree(proxy.port)).toBe(true);
  }, 60_000);

  it("a missing Toxiproxy names the install command", async () => {
    const located = await locateToxiproxy({ PATH: "", HOME: "/nonexistent-relix-home" });
    expect(located.path).toBeNull();
    expect(() => toolPath(located)).toThrow(/go install github\.com\/Shopify\/toxiproxy\/v2\/cmd\/server@v2\.12\.0/);
    expect(() => toolPath(located)).toThrow(/bash scripts\/install-system-deps\.sh/);
  });
});
