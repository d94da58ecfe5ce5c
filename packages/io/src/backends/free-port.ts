import net from "node:net";

/**
 * Asks the kernel for a TCP port that is free on `host` right now.
 * The port is released before this resolves, so another process can take it before the caller
 * binds it: servers started on it must treat "address in use" as "pick another port".
 */
export function getFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error(`could not read the port the kernel gave on ${host}`));
        return;
      }
      server.close((error) => (error ? reject(error) : resolve(address.port)));
    });
  });
}
