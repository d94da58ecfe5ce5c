import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo, Socket } from "node:net";
import { DEFAULT_PAIR, stackRecord, stacksOfProcess, type StackId } from "@relix/core/stacks/stacks";
import {
  createServerTelemetry,
  optionalStackPort,
  type ServerTelemetry,
  type ServiceEnv,
  type Services,
} from "@relix/io";
import { jsonCodec, protobufCodec, type BodyCodec } from "./body-codecs";
import { createStackHandler } from "./stack-handler";

/** The stacks this process serves beside Express: every other stack whose record names it. */
export const HTTP_STACKS: readonly StackId[] = stacksOfProcess(stackRecord(DEFAULT_PAIR.rest).process).filter(
  (stack) => stack !== DEFAULT_PAIR.rest,
);
export type HttpStackId = StackId;

const CODEC_OF: Record<"json" | "protobuf", BodyCodec> = { json: jsonCodec, protobuf: protobufCodec };

interface StackPlan {
  stack: HttpStackId;
  port: number | null;
  codec: BodyCodec;
  transport: "http1" | "h2c";
}

/** One listener of the REST API's process beside Express, over the same services. */
export interface StackServer {
  stack: HttpStackId;
  port: number;
  telemetry: ServerTelemetry;
  close(): Promise<void>;
}

const listen = (server: http.Server | http2.Http2Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

/**
 * Starts this process's other stacks (their records name it) the env does not turn off. Each counts its own
 * requests, split and wire bytes; cache events and memory are the process's (`sameProcessAs`).
 */
export async function startStackServers(
  env: ServiceEnv,
  services: Services,
  processTelemetry: ServerTelemetry,
): Promise<StackServer[]> {
  const plans: StackPlan[] = HTTP_STACKS.map((stack) => ({
    stack,
    port: optionalStackPort(env, stack),
    codec: CODEC_OF[stackRecord(stack).encoding],
    transport: stackRecord(stack).transport,
  }));
  const started: StackServer[] = [];
  try {
    for (const plan of plans) {
      if (plan.port === null) continue;
      try {
        started.push(await startStackServer(plan as StackPlan & { port: number }, env, services, processTelemetry));
      } catch (error) {
        // Several REST APIs on one machine (parallel runs, tests on port 0) would all reach for the
        // default ports: a taken port costs that one stack, not the whole API. Its absence shows
        // in the start-up line and in `stackPorts`, which a runner checks before driving it.
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
        console.warn(`rest-api: ${plan.stack} not served, port ${plan.port} in use (set its port env, or "off")`);
      }
    }
  } catch (error) {
    await Promise.all(started.map((server) => server.close()));
    throw error;
  }
  return started;
}

async function startStackServer(
  plan: StackPlan & { port: number },
  env: ServiceEnv,
  services: Services,
  processTelemetry: ServerTelemetry,
): Promise<StackServer> {
  const telemetry = createServerTelemetry("rest", { stack: plan.stack, sameProcessAs: processTelemetry });
  const handler = createStackHandler(services, telemetry, plan.codec);
  const track = (socket: Socket) => telemetry.wire.track(socket);

  if (plan.transport === "http1") {
    const server = http.createServer(handler);
    server.keepAliveTimeout = 65_000;
    server.on("connection", track);
    const port = await listen(server, plan.port, env.HOST);
    return {
      stack: plan.stack,
      port,
      telemetry,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    };
  }

  // The same flow-control window as the gRPC server's (http2-server-hooks.ts there), so h2c and
  // grpc-js differ in what runs over HTTP/2, not in how fast a large upload may arrive.
  const window = env.GRPC_FLOW_CONTROL_WINDOW_BYTES;
  const server = http2.createServer({ settings: { initialWindowSize: window } }, handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("connection", track);
  server.on("session", (session) => {
    session.setLocalWindowSize(window);
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  const port = await listen(server, plan.port, env.HOST);
  return {
    stack: plan.stack,
    port,
    telemetry,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // GOAWAY: streams in flight finish, no new ones start, then each session closes.
        for (const session of sessions) session.close();
      }),
  };
}
