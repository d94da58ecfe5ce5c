import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDatabaseExists, seedDatabase } from "../data/seed";
import { NO_MYSQL, scratchDatabase } from "../data/testing/mysql-test-database";
import { createTcpProxy, type TcpProxy } from "../data/testing/tcp-proxy";
import { isDatabaseUnavailable } from "./database-errors";
import { createMysqlPool, createMysqlStore } from "./mysql-store";

const MYSQL_URL = process.env.MYSQL_URL;
if (!MYSQL_URL) console.warn(NO_MYSQL);

/** How long a call took and what it failed with (null: it did not fail). */
async function outcome(call: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await call();
    return { ms: performance.now() - started, error: null };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

/** A MySQL that accepts connections and never says a word: a server hung before its handshake. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!MYSQL_URL)("a hung MySQL costs a bounded wait, never a pile of them", () => {
  let db: ReturnType<typeof scratchDatabase>;
  let proxy: TcpProxy;
  /** The scratch database's URL, through the proxy the tests stall. */
  let viaProxy: string;

  beforeAll(async () => {
    db = scratchDatabase(MYSQL_URL!, "timeouts");
    await ensureDatabaseExists(db.url);
    const seeding = createMysqlPool(db.url);
    try {
      await seedDatabase(seeding);
    } finally {
      await seeding.end();
    }
    const target = new URL(MYSQL_URL!);
    proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || 3306) });
    const url = new URL(db.url);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    viaProxy = url.toString();
  });
  afterAll(async () => {
    proxy?.stall(false);
    await proxy?.stop();
    await db?.drop();
  });

  it("a read MySQL stops answering fails as 'database unavailable' after its timeout, and so does the ping", async () => {
    const store = createMysqlStore(createMysqlPool(viaProxy, { connectionLimit: 2 }), {
      queryTimeoutMs: 800,
      pingTimeoutMs: 500,
    });
    try {
      expect((await store.getItem(1))?.id).toBe(1);
      proxy.stall(true);
      const read = await outcome(() => store.getItem(2));
      expect(isDatabaseUnavailable(read.error), String(read.error)).toBe(true);
      expect(read.ms).toBeGreaterThanOrEqual(700);
      expect(read.ms).toBeLessThan(2_000);
      const ping = await outcome(() => store.ping());
      expect(isDatabaseUnavailable(ping.error), String(ping.error)).toBe(true);
      expect(ping.ms).toBeLessThan(1_500);
    } finally {
      proxy.stall(false);
      await store.close();
    }
  });

  it("callers beyond the pool's queue limit are refused at once, as 'database unavailable'", async () => {
    const store = createMysqlStore(createMysqlPool(viaProxy, { connectionLimit: 1, queueLimit: 2 }), {
      queryTimeoutMs: 1_500,
    });
    proxy.stall(true);
    try {
      // One caller waits on the pool's only connection (its handshake hangs), two in its queue.
      const waiting = [1, 2, 3].map((id) => outcome(() => store.getItem(id)));
      const refused = await outcome(() => store.getItem(4));
      expect(isDatabaseUnavailable(refused.error), String(refused.error)).toBe(true);
      expect(refused.ms).toBeLessThan(300);
      // The ones that waited fail too, once their deadline is up, not later.
      for (const { error, ms } of await Promise.all(waiting)) {
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
        expect(ms).toBeLessThan(3_000);
      }
    } finally {
      proxy.stall(false);
      await store.close();
    }
  });

  it("a MySQL that never completes its handshake fails reads and pings within their timeouts", async () => {
    const silent = await silentServer();
    const url = new URL(viaProxy);
    url.port = String(silent.port);
    const store = createMysqlStore(url.toString(), { queryTimeoutMs: 1_000, pingTimeoutMs: 500 });
    try {
      const [read, ping] = await Promise.all([outcome(() => store.getItem(1)), outcome(() => store.ping())]);
      expect(isDatabaseUnavailable(read.error), String(read.error)).toBe(true);
      expect(read.ms).toBeLessThan(2_000);
      expect(isDatabaseUnavailable(ping.error), String(ping.error)).toBe(true);
      expect(ping.ms).toBeLessThan(1_500);
    } finally {
      // Ending a pool whose connections never finished their handshake reports them lost: expected here.
      await store.close().catch(() => undefined);
      await silent.close();
    }
  });
});
