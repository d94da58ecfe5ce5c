/**
 * The two small Node programs a link is measured with, run inside its namespaces (Node cannot
 * enter a namespace itself, so they run as processes of their own through `ip netns exec`).
 * Plain JavaScript, passed to `node --input-type=module -e`, so they need no build step.
 */

/** argv: host. A TCP echo server with Nagle off; prints {"port": n} once listening. */
export const ECHO_SERVER_PROGRAM = `
import net from "node:net";
const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk) => socket.write(chunk));
});
server.listen({ host: process.argv[1], port: 0 }, () => {
  console.log(JSON.stringify({ port: server.address().port }));
});
process.on("SIGTERM", () => process.exit(0));
`;

/**
 * argv: host, port, round trips, connects. One unmeasured connection first (it also resolves the
 * neighbour), then \`connects\` TCP connects timed from connect() to the 'connect' event (the
 * handshake's SYN and SYN-ACK: one round trip), then over one connection an unmeasured byte and
 * \`round trips\` one-byte echoes. Prints {"rttMs": [...], "connectMs": [...]}.
 */
export const LINK_PROBE_PROGRAM = `
import net from "node:net";
const [host, portText, roundTripsText, connectsText] = process.argv.slice(1);
const port = Number(portText);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const open = () => new Promise((resolve, reject) => {
  const socket = net.connect({ host, port, noDelay: true });
  socket.once("connect", () => resolve(socket));
  socket.once("error", reject);
});
const echo = (socket) => new Promise((resolve, reject) => {
  socket.once("data", resolve);
  socket.once("error", reject);
  socket.write(Buffer.from([42]));
});
(await open()).destroy();
const connectMs = [];
for (let i = 0; i < Number(connectsText); i++) {
  const started = now();
  const socket = await open();
  connectMs.push(now() - started);
  socket.destroy();
}
const socket = await open();
await echo(socket);
const rttMs = [];
for (let i = 0; i < Number(roundTripsText); i++) {
  const started = now();
  await echo(socket);
  rttMs.push(now() - started);
}
socket.destroy();
console.log(JSON.stringify({ rttMs, connectMs }));
`;
