/**
 * Not a target, a yardstick: the least an Express 5 app can do for this route (one Redis GET,
 * JSON parse and res.json). It separates Express's own cost from Relix's in the floor report.
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
  if (!cached) return void res.status(404).json({});
  res.json(JSON.parse(cached));
});
const server = app.listen(port, "127.0.0.1", () => console.log(`reference express on ${port}`));
process.on("SIGTERM", () => {
  server.close();
  redis.disconnect();
  process.exit(0);
});
