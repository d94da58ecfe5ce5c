/**
 * A service port held by an outgoing connection (the gRPC ports lie in the kernel's ephemeral
 * range): the runner waits for it and starts the services once it is let go, instead of failing
 * with the service's EADDRINUSE (port-release.ts). The test holds one below that range, so no
 * other test's connection can share it and hold it on after it is let go.
 */
import net from "node:net";
import { getFreePort } from "@relix/io/backends";
import { afterEach, describe, expect, it } from "vitest";
import { ensureServices, type ManagedServices } from "./service-manager";
import { heldOutsideEphemeralRange } from "../testing/held-port";

const HOST = "127.0.0.1";
let started: ManagedServices | undefined;
let peer: net.Server | undefined;
let held: Awaited<ReturnType<typeof heldOutsideEphemeralRange>> | undefined;
afterEach(async () => {
  // Whatever failed first, the holding process is let go (it waits on its stdin until then).
  await held?.release();
  held = undefined;
  await started?.stop();
  started = undefined;
  await new Promise<void>((resolve) => (peer ? peer.close(() => resolve()) : resolve()));
  peer = undefined;
});

describe("a gRPC port held by an outgoing connection when the services start", () => {
  it("is waited for, said once, and the services start on it when it is let go", async () => {
    peer = net.createServer((socket) => socket.on("error", () => {}));
    await new Promise<void>((resolve) => peer!.listen(0, HOST, resolve));
    // Like a connection to Redis that the kernel gave the port a service is about to listen on.
    held = await heldOutsideEphemeralRange((peer.address() as net.AddressInfo).port);
    const heldPort = held.port;
    const [restPort, grpcMetricsPort] = await Promise.all([getFreePort(), getFreePort()]);
    const said: string[] = [];
    // Let go (a reset leaves no TIME-WAIT) a moment after the runner began to wait.
    const release = setTimeout(() => void held?.release(), 1_500);
    try {
      started = await ensureServices(
        { host: HOST, restPort, grpcPort: heldPort, grpcMetricsPort },
        { env: process.env, log: (message) => said.push(message) },
      );
    } finally {
      clearTimeout(release);
      await held.release();
    }
    expect(started.started).toBe(true);
    expect(said.filter((m) => m.includes(`${HOST}:${heldPort} is held by a connection of this machine`))).toHaveLength(
      1,
    );
    expect(said.indexOf("starting the REST and gRPC services")).toBeGreaterThan(
      said.findIndex((m) => m.includes("is held by")),
    );
  }, 120_000);
});
