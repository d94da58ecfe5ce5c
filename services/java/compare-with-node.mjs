#!/usr/bin/env node
// Compares the Java stacks with the Node ones, over the same Redis and MySQL: every workload the
// Java stacks serve, in every cache mode, with good and bad input, the bytes they leave in Redis,
// and the shape of /stats. Each REST case must answer the same status and the same body bytes as
// the Node REST API; each gRPC case the same message (field for field) or the same code and
// details as the Node gRPC API.
//
//   node services/java/compare-with-node.mjs
//
// Addresses (host:port) from the environment; the defaults are the services' default ports:
//   NODE_REST=127.0.0.1:8080  SPRING_REST=127.0.0.1:8090
//   NODE_GRPC=127.0.0.1:50051 JAVA_GRPC=127.0.0.1:50061
//   NODE_GRPC_METRICS=127.0.0.1:9464 JAVA_GRPC_METRICS=127.0.0.1:9471
//   REDIS_URL=redis://127.0.0.1:6379 (the cache both read)
// It changes nothing but cache keys relix:v1:item:{1..3} and relix:v1:items:{2,100}, which it
// deletes and lets the services fill. Prints one line per case and "N passed, N failed".
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const requireGrpc = createRequire(path.join(REPO, "apps/grpc-api/package.json"));
const grpc = requireGrpc("@grpc/grpc-js");
const protoLoader = requireGrpc("@grpc/proto-loader");
const { Redis } = createRequire(path.join(REPO, "packages/io/package.json"))("ioredis");

// The script's one reading of its environment: where the services it compares listen.
// eslint-disable-next-line no-restricted-properties
const env = (name, fallback) => process.env[name] ?? fallback;
const target = {
  nodeRest: env("NODE_REST", "127.0.0.1:8080"),
  springRest: env("SPRING_REST", "127.0.0.1:8090"),
  nodeGrpc: env("NODE_GRPC", "127.0.0.1:50051"),
  javaGrpc: env("JAVA_GRPC", "127.0.0.1:50061"),
  nodeGrpcMetrics: env("NODE_GRPC_METRICS", "127.0.0.1:9464"),
  javaGrpcMetrics: env("JAVA_GRPC_METRICS", "127.0.0.1:9471"),
};
const redis = new Redis(env("REDIS_URL", "redis://127.0.0.1:6379"), { lazyConnect: true, maxRetriesPerRequest: 1 });

let passed = 0;
let failed = 0;
function report(name, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `\n     ${detail}`}`);
}

// ---- REST ----------------------------------------------------------------------------------

async function rest(base, { method = "GET", path: url, headers = {}, body }) {
  const started = performance.now();
  const response = await fetch(`http://${base}${url}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

async function sameRest(name, request) {
  const node = await rest(target.nodeRest, request);
  const java = await rest(target.springRest, request);
  const same = node.status === java.status && node.text === java.text;
  report(
    `rest ${name}`,
    same,
    `node ${node.status} ${node.text.slice(0, 300)}\n     java ${java.status} ${java.text.slice(0, 300)}`,
  );
  return { node, java };
}

const json = (path, body) => ({ method: "POST", path, headers: { "content-type": "application/json" }, body });
const echoJson = (body) => json("/v1/echo", body);
const echoRequest = () => {
  const data = {};
  for (let i = 0; i < 10; i++) data[`field${i}`] = `value-${i}-`.padEnd(36, String.fromCharCode(97 + i));
  return { message: "relix echo: the same request on both protocols", data };
};

async function restCases() {
  const modes = ["warm", "cold", "miss", "memory"];
  await sameRest("noop", { path: "/v1/noop" });
  await sameRest("noop, trailing slash", { path: "/v1/noop/" });
  for (const mode of modes) {
    for (const id of [1, 7, 1000]) {
      await sameRest(`item.get ${id} ${mode}`, { path: `/v1/items/${id}`, headers: { "x-relix-cache": mode } });
    }
    await sameRest(`item.list ${mode}`, { path: "/v1/items", headers: { "x-relix-cache": mode } });
    await sameRest(`item.list limit=2 ${mode}`, { path: "/v1/items?limit=2", headers: { "x-relix-cache": mode } });
  }
  await sameRest("item.list limit=10000", { path: "/v1/items?limit=10000" });
  for (const id of ["0", "abc", "4294967296", "1.5", "-1", "99999", "7/"]) {
    await sameRest(`item.get ${id}`, { path: `/v1/items/${id}` });
  }
  for (const query of [
    "limit=0",
    "limit=abc",
    "limit=1&limit=2",
    "limit=",
    "limit=10001",
    "limit=1,2",
    "foo=1&limit=1",
  ]) {
    await sameRest(`item.list ?${query}`, { path: `/v1/items?${query}` });
  }
  await sameRest("echo", echoJson(JSON.stringify(echoRequest())));
  await sameRest("echo, index-like keys", echoJson('{"message":"m","data":{"b":"1","2":"x","1":"y"}}'));
  await sameRest("echo, unicode", echoJson('{"message":"m","data":{"k":"\\u00e9\\u4e2d\\ud83d\\ude00 \\" \\\\ \\n"}}'));
  const badBodies = [
    '{"message":1,"data":{}}',
    '{"data":{}}',
    '{"message":"m"}',
    '{"message":"m","data":{"k":1}}',
    '{"message":"m","data":{"a":"1","b":{}}}',
    '{"message":"m","data":[]}',
    '{"message":"m","data":null}',
    "[]",
    '"x"',
    "1",
    "null",
    "{bad",
    "",
    "   ",
    '{"message":"m","data":{}} x',
    '{"message":"m","data":{},"extra":1}',
    JSON.stringify({ message: "x".repeat(65537), data: {} }),
  ];
  for (const body of badBodies) await sameRest(`echo body ${JSON.stringify(body.slice(0, 40))}`, echoJson(body));
  await sameRest("echo without content type", { method: "POST", path: "/v1/echo", body: '{"message":"m","data":{}}' });
  await sameRest("echo text/plain", {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "text/plain" },
    body: "{}",
  });
  await sameRest("echo +json type", {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/vnd.relix+json" },
    body: '{"message":"m","data":{}}',
  });
  await sameRest("echo latin1", {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json; charset=latin1" },
    body: '{"message":"m","data":{}}',
  });
  await sameRest("echo over 16 MiB", echoJson(" ".repeat(16 * 1024 * 1024 + 10)));
  for (const body of [
    '{"a":20,"b":22}',
    '{"a":1000000,"b":-7}',
    '{"a":3,"b":4}',
    '{"a":1e3,"b":2.0}',
    '{"a":1.5,"b":2}',
    '{"a":"1","b":2}',
    '{"a":2147483648,"b":0}',
    '{"a":-2147483649,"b":0}',
    '{"a":2147483647,"b":1}',
    '{"a":1}',
    "{}",
    '{"a":1e20,"b":0}',
    '{"a":1e400,"b":0}',
    '{"a":null,"b":1}',
    '{"a":1,"b":true}',
  ]) {
    await sameRest(`math.add ${body}`, json("/v1/math/add", body));
  }
  for (const [name, value] of [
    ["x-relix-cache", "hot"],
    ["x-relix-delay-ms", "1001"],
    ["x-relix-delay-ms", "-1"],
    ["x-relix-delay-ms", "1.5"],
  ]) {
    await sameRest(`header ${name}: ${value}`, { path: "/v1/items/1", headers: { [name]: value } });
  }
  await sameRest("no route", { path: "/v1/nothing" });
  await sameRest("wrong method", { method: "POST", path: "/v1/noop" });
  await sameRest("healthz", { path: "/healthz" });
  await sameRest("readyz", { path: "/readyz" });
  await sameRest("POST /stats without the reset header", { method: "POST", path: "/stats" });

  // The delay is the server's: both answer after at least the time asked for.
  const delayed = echoJson(JSON.stringify(echoRequest()));
  delayed.headers = { ...delayed.headers, "x-relix-delay-ms": "150" };
  const { node, java } = await sameRest("echo with x-relix-delay-ms: 150", delayed);
  report(
    "rest echo delay honoured by both",
    node.ms >= 150 && java.ms >= 150,
    `node ${node.ms} ms, java ${java.ms} ms`,
  );
}

// ---- gRPC ----------------------------------------------------------------------------------

const loaded = protoLoader.loadSync(["relix/v1/catalog.proto", "relix/v1/bench.proto", "relix/v1/compute.proto"], {
  includeDirs: [path.join(REPO, "proto")],
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
});
const relix = grpc.loadPackageDefinition(loaded).relix.v1;

function clientsFor(address) {
  const credentials = grpc.credentials.createInsecure();
  return {
    CatalogService: new relix.CatalogService(address, credentials),
    BenchService: new relix.BenchService(address, credentials),
    MathService: new relix.MathService(address, credentials),
  };
}

function call(clients, service, method, message, headers = {}) {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(headers)) metadata.set(key, value);
  return new Promise((resolve) => {
    clients[service][method](message, metadata, { deadline: Date.now() + 10_000 }, (error, reply) =>
      resolve(error ? { code: grpc.status[error.code], details: error.details } : { reply }),
    );
  });
}

/** A map field's entries in key order: protobuf maps have no order on the wire. */
const canonical = (value) =>
  JSON.stringify(value, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

async function sameGrpc(nodeClients, javaClients, name, service, method, message, headers) {
  const node = await call(nodeClients, service, method, message, headers);
  const java = await call(javaClients, service, method, message, headers);
  report(
    `grpc ${name}`,
    canonical(node) === canonical(java),
    `node ${canonical(node).slice(0, 300)}\n     java ${canonical(java).slice(0, 300)}`,
  );
}

async function grpcCases() {
  const nodeClients = clientsFor(target.nodeGrpc);
  const javaClients = clientsFor(target.javaGrpc);
  const same = (...args) => sameGrpc(nodeClients, javaClients, ...args);
  await same("Noop", "BenchService", "Noop", {});
  for (const mode of ["warm", "cold", "miss", "memory"]) {
    for (const id of [1, 7, 1000]) {
      await same(`GetItem ${id} ${mode}`, "CatalogService", "GetItem", { id }, { "x-relix-cache": mode });
    }
    await same(`ListItems ${mode}`, "CatalogService", "ListItems", {}, { "x-relix-cache": mode });
    await same(`ListItems limit 2 ${mode}`, "CatalogService", "ListItems", { limit: 2 }, { "x-relix-cache": mode });
  }
  await same("ListItems limit 10000", "CatalogService", "ListItems", { limit: 10000 });
  await same("ListItems limit 10001", "CatalogService", "ListItems", { limit: 10001 });
  await same("GetItem 0", "CatalogService", "GetItem", { id: 0 });
  await same("GetItem 99999", "CatalogService", "GetItem", { id: 99999 });
  await same("GetItem 4294967295", "CatalogService", "GetItem", { id: 4294967295 });
  await same("Echo", "BenchService", "Echo", echoRequest());
  await same("Echo, empty", "BenchService", "Echo", {});
  await same("Echo, index-like keys", "BenchService", "Echo", { message: "m", data: { b: "1", 2: "x", 1: "y" } });
  await same("Echo, message too long", "BenchService", "Echo", { message: "x".repeat(65537), data: {} });
  for (const [a, b] of [
    [20, 22],
    [1_000_000, -7],
    [3, 4],
    [2147483647, 1],
    [-2147483648, -1],
    [0, 0],
  ]) {
    await same(`Add ${a} ${b}`, "MathService", "Add", { a, b });
  }
  for (const [name, value] of [
    ["x-relix-cache", "hot"],
    ["x-relix-delay-ms", "1001"],
    ["x-relix-delay-ms", "abc"],
  ]) {
    await same(`metadata ${name}: ${value}`, "CatalogService", "GetItem", { id: 1 }, { [name]: value });
  }
  const started = performance.now();
  await call(javaClients, "BenchService", "Echo", echoRequest(), { "x-relix-delay-ms": "150" });
  const ms = performance.now() - started;
  report("grpc Echo delay honoured by grpc-java", ms >= 150, `${ms} ms`);
  for (const clients of [nodeClients, javaClients]) for (const client of Object.values(clients)) client.close();
}

// ---- Redis: the same keys and the same bytes -----------------------------------------------

async function cacheBytes(name, key, fill) {
  await redis.del(key);
  await fill("node");
  const nodeBytes = await redis.get(key);
  const nodeTtl = await redis.ttl(key);
  await redis.del(key);
  await fill("java");
  const javaBytes = await redis.get(key);
  const javaTtl = await redis.ttl(key);
  report(
    `cache ${name}: ${key} the same bytes`,
    nodeBytes !== null && nodeBytes === javaBytes && Math.abs(nodeTtl - javaTtl) <= 2,
    `node (ttl ${nodeTtl}) ${String(nodeBytes).slice(0, 200)}\n     java (ttl ${javaTtl}) ${String(javaBytes).slice(0, 200)}`,
  );
}

async function stats(address) {
  const response = await fetch(`http://${address}/stats`, { headers: { "x-relix-keep-interval": "1" } });
  return response.json();
}

async function cacheCases() {
  await redis.connect();
  const javaGrpc = clientsFor(target.javaGrpc);
  for (const id of [1, 2, 3]) {
    await cacheBytes(`spring item.get miss`, `relix:v1:item:${id}`, (side) =>
      rest(side === "node" ? target.nodeRest : target.springRest, {
        path: `/v1/items/${id}`,
        headers: { "x-relix-cache": "miss" },
      }),
    );
  }
  await cacheBytes("spring item.list miss", "relix:v1:items:100", (side) =>
    rest(side === "node" ? target.nodeRest : target.springRest, {
      path: "/v1/items",
      headers: { "x-relix-cache": "miss" },
    }),
  );
  await cacheBytes("grpc-java GetItem miss", "relix:v1:item:2", (side) =>
    side === "node"
      ? rest(target.nodeRest, { path: "/v1/items/2", headers: { "x-relix-cache": "miss" } })
      : call(javaGrpc, "CatalogService", "GetItem", { id: 2 }, { "x-relix-cache": "miss" }),
  );
  await cacheBytes("grpc-java ListItems miss", "relix:v1:items:2", (side) =>
    side === "node"
      ? rest(target.nodeRest, { path: "/v1/items?limit=2", headers: { "x-relix-cache": "miss" } })
      : call(javaGrpc, "CatalogService", "ListItems", { limit: 2 }, { "x-relix-cache": "miss" }),
  );
  // A key Node filled is a hit for both Java stacks (warm mode reads what Node wrote).
  await redis.del("relix:v1:item:3");
  await rest(target.nodeRest, { path: "/v1/items/3", headers: { "x-relix-cache": "miss" } });
  for (const [name, read, address] of [
    ["spring", () => rest(target.springRest, { path: "/v1/items/3" }), target.springRest],
    ["grpc-java", () => call(javaGrpc, "CatalogService", "GetItem", { id: 3 }), target.javaGrpcMetrics],
  ]) {
    const before = (await stats(address)).cache;
    await read();
    const after = (await stats(address)).cache;
    report(
      `cache ${name} warm read of a key Node filled is a hit`,
      after.hit === before.hit + 1 && after.miss === before.miss,
    );
  }
  for (const client of Object.values(javaGrpc)) client.close();
  redis.disconnect();
}

// ---- /stats: the shape the runner reads ----------------------------------------------------

const shapeOf = (value) =>
  value && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]))
    : typeof value;

async function statsCases() {
  for (const [name, nodeAddress, javaAddress, stack] of [
    ["spring", target.nodeRest, target.springRest, "spring"],
    ["grpc-java", target.nodeGrpcMetrics, target.javaGrpcMetrics, "grpc-java"],
  ]) {
    const node = await stats(nodeAddress);
    const java = await stats(javaAddress);
    report(
      `stats ${name}: the same fields and types as Node's`,
      JSON.stringify(shapeOf(node)) === JSON.stringify(shapeOf(java)),
      `node ${JSON.stringify(shapeOf(node))}\n     java ${JSON.stringify(shapeOf(java))}`,
    );
    report(`stats ${name}: stack is ${stack}`, java.stack === stack, java.stack);
    const reset = await fetch(`http://${javaAddress}/stats`, {
      method: "POST",
      headers: { "x-relix-reset-peak-rss": "1" },
    });
    const after = await stats(javaAddress);
    report(
      `stats ${name}: POST with the reset header starts a new peak window`,
      reset.status === 200 && after.rss.peakSinceMs >= java.rss.peakSinceMs,
    );
  }
}

try {
  await restCases();
  await grpcCases();
  await cacheCases();
  await statsCases();
} catch (error) {
  failed++;
  console.error("comparison stopped:", error);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
