# One image for every Relix app; docker-compose.yml picks the command. Node 20, pnpm 10, ghz.
FROM golang:1.22-bookworm AS ghz
RUN go install github.com/bojand/ghz/cmd/ghz@v0.120.0

FROM node:20-bookworm-slim
RUN npm install -g pnpm@10 && apt-get update -qq && apt-get install -y -qq --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=ghz /go/bin/ghz /usr/local/bin/ghz
WORKDIR /relix
COPY . .
# The APIs run their bundles (`start`: node dist/main.js), the artifact `pnpm bench` and `pnpm start`
# measure too; built after the sources are copied, so the runner finds them up to date.
RUN pnpm install --frozen-lockfile \
  && pnpm --filter @relix/rest-api --filter @relix/grpc-api --filter @relix/web build
