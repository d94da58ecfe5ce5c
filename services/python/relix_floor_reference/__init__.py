"""The Python floor of `pnpm bench:floor --runtime python`: bare servers doing only what a warm
item.get must do (one Redis GET of the cached item, answered), against which fastapi, flask and
grpcio are measured (bare_http, bare_grpc), and one route of each REST framework doing only that
(fastapi_route, flask_route), the yardstick the REST stacks are judged against. Not stacks: no
validation, no telemetry, no MySQL."""

# The key every stack caches an item under (packages/io/src/repository/cache-keys.ts).
ITEM_KEY_PREFIX = "relix:v1:item:"
