import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { canListen, portState, waitForFreePorts } from "./port-release";
import { heldOutsideEphemeralRange } from "../testing/held-port";

const HOST = "127.0.0.1";
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listener(): Promise<net.Server> {
  const server = net.createServer((socket) => socket.on("error", () => {}));
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

/** A port the kernel just handed out and took back: free. */
async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, HOST, resolve));
  const port = portOf(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * An outgoing connection, its local port the kernel's choice from the ephemeral range, as a
 * service's connection to Redis gets one. (Not a chosen local port: Node binds those with
 * SO_REUSEADDR, which a listener may share; a connection's own port it may not.)
 */
async function outgoing(): Promise<net.Socket> {
  const server = await listener();
  const socket = net.connect({ host: HOST, port: portOf(server) });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  return socket;
}

describe("a service port held by a closed connection", () => {
  it("tells a free port, another program's listener and a port held by a connection apart", async () => {
    const port = await unusedPort();
    expect(await portState(HOST, port)).toBe("free");
    expect(await portState(HOST, portOf(await listener()))).toBe("listening");
    const socket = await outgoing();
    cleanups.push(() => void socket.resetAndDestroy());
    expect(await portState(HOST, socket.localPort!)).toBe("held");
  });

  it("a connection this side closed leaves its port in TIME-WAIT, where no service could listen", async () => {
    const socket = await outgoing();
    const port = socket.localPort!;
    // The side that closes first keeps the port in TIME-WAIT (60 s on Linux).
    socket.end();
    await new Promise((resolve) => socket.once("close", resolve));
    expect(await canListen(HOST, port)).toBe(false);
    const said: string[] = [];
    await expect(
      waitForFreePorts({ host: HOST, ports: [port], log: (m) => said.push(m), withinMs: 800 }),
    ).rejects.toThrow(/stayed unusable for 1 s with nothing listening on it/);
    expect(said).toEqual([expect.stringContaining(`${HOST}:${port} is held by a connection of this machine`)]);
  });

  it("waits for a held port and goes on the moment it is let go", async () => {
    const held = await heldOutsideEphemeralRange(portOf(await listener()));
    cleanups.push(() => held.release());
    const port = held.port;
    expect(await portState(HOST, port)).toBe("held");
    // A reset closes without TIME-WAIT: the port is free at once.
    setTimeout(() => void held.release(), 700);
    const started = Date.now();
    await waitForFreePorts({ host: HOST, ports: [port], withinMs: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(await canListen(HOST, port)).toBe(true);
  });

  it("refuses at once a port another program listens on, naming the way to find it", async () => {
    const port = portOf(await listener());
    await expect(waitForFreePorts({ host: HOST, ports: [port], withinMs: 10_000 })).rejects.toThrow(
      /is taken by another program .*`ss -ltnp` names it/,
    );
  });

  it("leaves an address not on this machine to the service to report", async () => {
    // 198.18.0.0/15 is only ever on a link a run creates; here there is none.
    expect(await canListen("198.18.250.1", await unusedPort())).toBe(true);
  });
});
