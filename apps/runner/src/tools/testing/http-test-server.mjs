// Throwaway HTTP/1.1 server for the autocannon driver tests. Runs in its own process (so its CPU
// and event loop are not the load generator's), binds 127.0.0.1 on an ephemeral port, prints
// {"port": N} on stdout, and exits on SIGTERM/SIGINT or when its parent goes away.
//
// Routes:
//   GET  /noop            200 {}
//   GET  /items/:id       200 {"id": ...}   counts :id
//   POST /echo            200 echo of the JSON body, counts body.id
//   GET  /missing/:id     404 {"error": ...} counts :id
//   GET  /slow/:ms        200 after :ms milliseconds
//   GET  /hang            never answers
//   GET  /reset           RST the socket (ECONNRESET at the client)
//   GET  /close           FIN the socket without answering (silent end at the client)
//   GET  /__stats         {"connections", "requests", "ids"} (admin sockets are not counted)
//   POST /__reset         clears the counters
//   POST /__stall/:ms     stalls for :ms milliseconds: every request that arrives meanwhile is
//                         handled when the stall ends (as behind a long GC pause)
import http from "node:http";

let ids = new Map();
let requests = 0;
let connections = 0;
let stallUntil = 0;
const counted = new WeakSet();

function count(req, id) {
  requests++;
  if (id !== undefined) ids.set(id, (ids.get(id) ?? 0) + 1);
  if (!counted.has(req.socket)) {
    counted.add(req.socket);
    connections++;
  }
}

function send(res, status, obj) {
  const body = JSON.stringify(obj);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  const stalled = /^\/__stall\/(\d+)$/.exec(url);
  if (stalled && req.method === "POST") {
    stallUntil = Date.now() + Number(stalled[1]);
    return send(res, 200, {});
  }
  const wait = stallUntil - Date.now();
  if (wait > 0 && !url.startsWith("/__")) {
    setTimeout(() => handle(req, res), wait);
    return;
  }
  handle(req, res);
});

function handle(req, res) {
  const url = req.url ?? "/";
  if (url === "/__stats") return send(res, 200, { connections, requests, ids: Object.fromEntries(ids) });
  if (url === "/__reset" && req.method === "POST") {
    ids = new Map();
    requests = 0;
    connections = 0;
    return send(res, 200, {});
  }
  let m;
  if (url === "/noop") {
    count(req);
    return send(res, 200, {});
  }
  if ((m = /^\/items\/([^/?]+)$/.exec(url))) {
    count(req, m[1]);
    return send(res, 200, { id: m[1] });
  }
  if ((m = /^\/missing\/([^/?]+)$/.exec(url))) {
    count(req, `missing/${m[1]}`);
    return send(res, 404, { error: "not found", field: "id" });
  }
  if ((m = /^\/slow\/(\d+)$/.exec(url))) {
    count(req);
    setTimeout(() => send(res, 200, {}), Number(m[1]));
    return;
  }
  if (url === "/hang") {
    count(req, "hang");
    return;
  }
  if (url === "/reset") {
    count(req, "reset");
    req.socket.resetAndDestroy();
    return;
  }
  if (url === "/close") {
    count(req, "close");
    req.socket.destroy();
    return;
  }
  if (url === "/echo" && req.method === "POST") {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        count(req);
        return send(res, 400, { error: "bad json" });
      }
      count(req, body.id === undefined ? undefined : String(body.id));
      send(res, 200, body);
    });
    return;
  }
  count(req);
  send(res, 404, { error: "no route" });
}
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ port: server.address().port }) + "\n");
});
const stop = () => {
  server.closeAllConnections?.();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
// Never outlive a test run by much.
setTimeout(stop, Number(process.env.RELIX_TEST_SERVER_MAX_MS ?? 120_000)).unref();
