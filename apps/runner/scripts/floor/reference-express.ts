/**
 * The REST API's framework yardstick: one Express 5 route doing only what a warm item.get must do
 * (one Redis GET of the cached item) and answering the cached bytes as they are, or 404. The REST
 * API is judged against it: what is left between the two is this project's own code (validation,
 * cache-aside, the JSON parse and write, instrumentation), not Express's.
 */
import express from "express";
import { Redis } from "ioredis";
import { cacheKeys } from "@relix/io/repository/cache-keys";

const redis = new Redis(process.env.REDIS_URL!);
const port = Number(process.env.PORT);
const app = express();
app.disable("x-powered-by");
app.set("etag", false);
app.get("/v1/items/:id", async (req, res) => {
  const cached = await redis.get(cacheKeys.item(Number(req.params.id)));
  res
    .status(cached ? 200 : 404)
    .type("application/json")
    .send(cached ?? "{}");
});
const server = app.listen(port, "127.0.0.1", () => console.log(`reference express on ${port}`));
process.on("SIGTERM", () => {
  server.close();
  redis.disconnect();
  process.exit(0);
});
