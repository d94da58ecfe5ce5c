/**
 * The REST floor: a bare node:http handler doing one Redis GET of the same cached item the
 * REST API reads, and writing the cached JSON as is. No framework, no validation, no parsing.
 */
import http from "node:http";
import { Redis } from "ioredis";
import { cacheKeys } from "@relix/io/repository/cache-keys";

const redis = new Redis(process.env.REDIS_URL!);
const port = Number(process.env.PORT);

const server = http.createServer((req, res) => {
  const id = Number(req.url!.slice(req.url!.lastIndexOf("/") + 1));
  void redis.get(cacheKeys.item(id)).then(
    (cached) => {
      res.writeHead(cached ? 200 : 404, { "content-type": "application/json" });
      res.end(cached ?? "{}");
    },
    () => {
      res.writeHead(503).end();
    },
  );
});
server.listen(port, "127.0.0.1", () => console.log(`reference http on ${port}`));
process.on("SIGTERM", () => {
  server.close();
  redis.disconnect();
  process.exit(0);
});
