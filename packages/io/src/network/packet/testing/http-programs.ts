/**
 * Tiny HTTP programs for the packet link tests, run inside the link's namespaces (plain
 * JavaScript for `node --input-type=module -e`, see node-in-namespace.ts).
 */

/** argv: host. GET /small answers "ok"; GET /bytes/<n> answers n bytes. Prints {"port": n}. */
export const HTTP_SERVER_PROGRAM = `
import http from "node:http";
const server = http.createServer((request, response) => {
  const bytes = /^\\/bytes\\/(\\d+)$/.exec(request.url ?? "");
  const body = bytes ? Buffer.alloc(Number(bytes[1]), 120) : Buffer.from("ok");
  response.writeHead(200, { "content-length": body.length });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen({ host: process.argv[1], port: 0 }, () => console.log(JSON.stringify({ port: server.address().port })));
process.on("SIGTERM", () => process.exit(0));
`;

/**
 * argv: host, port, requests. GET /small \`requests\` times on a new TCP connection each (the
 * connect inside the time, as study 004's REST client did), then \`requests\` times on one
 * keep-alive connection opened beforehand. Prints {"newConnectionMs": [...], "keepAliveMs": [...]}.
 */
export const CONNECTION_POLICY_CLIENT_PROGRAM = `
import http from "node:http";
const [host, portText, countText] = process.argv.slice(1);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const get = (agent, path) => new Promise((resolve, reject) => {
  const request = http.get({ host, port: Number(portText), path, agent }, (response) => {
    response.resume();
    response.on("end", resolve);
  });
  request.on("error", reject);
});
const newConnectionMs = [];
for (let i = 0; i < Number(countText); i++) {
  const started = now();
  await get(new http.Agent({ keepAlive: false }), "/small");
  newConnectionMs.push(now() - started);
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
await get(keepAlive, "/small");
const keepAliveMs = [];
for (let i = 0; i < Number(countText); i++) {
  const started = now();
  await get(keepAlive, "/small");
  keepAliveMs.push(now() - started);
}
keepAlive.destroy();
console.log(JSON.stringify({ newConnectionMs, keepAliveMs }));
`;

/**
 * argv: host, port, bytes. Over a keep-alive connection warmed by one small request (so neither
 * the handshake nor the first request is counted), times one GET of \`bytes\` bytes.
 * Prints {"replyMs": n, "bytes": n}.
 */
export const LARGE_REPLY_CLIENT_PROGRAM = `
import http from "node:http";
const [host, portText, bytesText] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path) => new Promise((resolve, reject) => {
  const request = http.get({ host, port: Number(portText), path, agent }, (response) => {
    let bytes = 0;
    response.on("data", (chunk) => (bytes += chunk.length));
    response.on("end", () => resolve(bytes));
  });
  request.on("error", reject);
});
await get("/small");
const started = Number(process.hrtime.bigint()) / 1e6;
const bytes = await get("/bytes/" + bytesText);
const replyMs = Number(process.hrtime.bigint()) / 1e6 - started;
agent.destroy();
console.log(JSON.stringify({ replyMs, bytes }));
`;
