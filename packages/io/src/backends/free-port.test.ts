import net from "node:net";
import { describe, expect, it } from "vitest";
import { getFreePort } from "./free-port";
import { isPortListening } from "./port-listening";

describe("getFreePort", () => {
  it("returns a loopback port that nothing listens on and that can be bound", async () => {
    const port = await getFreePort();
    expect(port).toBeGreaterThan(0);
    expect(await isPortListening(port)).toBe(false);

    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", resolve);
    });
    expect(await isPortListening(port)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
  });
});
