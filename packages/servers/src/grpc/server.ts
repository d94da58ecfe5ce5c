import * as grpc from "@grpc/grpc-js";
import { ReflectionService } from "@grpc/reflection";
import { HealthImplementation } from "grpc-health-check";
import { MAX_MESSAGE_BYTES } from "@relix/core";
import { hostPort } from "@relix/core/network/loopback";
import { DEFAULT_PAIR, stackRecord, stacksOfProcess, type StackId } from "@relix/core/stacks/stacks";
import type { Services } from "@relix/io";
import {
  createServerTelemetry,
  createServiceRuntime,
  loadRelixProtos,
  optionalStackPort,
  timeServiceCodecs,
  type ServerTelemetry,
  type ServiceEnv,
} from "@relix/io";
import { startMetricsServer } from "./metrics-server";
import { withProtocMapEntryNames } from "./reflection-descriptors";
import { withHttp2ServerHooks } from "./http2-server-hooks";
import { withStandardServices } from "./reflected-services";
import { withStaticCodec } from "./static-codec";
import { createWorkloadHandlers } from "./workload-handlers";

/** The pause between two readiness checks; a check itself answers within READINESS_TIMEOUT_MS. */
const READINESS_INTERVAL_MS = 2_000;

/**
 * Keeps grpc.health.v1 in step with Redis + MySQL reachability, like REST's /readyz. The next
 * check is scheduled only once the last one has answered, so a hung store never has checks piling up.
 */
function trackReadiness(health: HealthImplementation, services: Services) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = async () => {
    const ready = await services.repository.checkReady();
    if (stopped) return;
    health.setStatus("", ready.cache && ready.store ? "SERVING" : "NOT_SERVING");
    timer = setTimeout(() => void check(), READINESS_INTERVAL_MS);
    timer.unref();
  };
  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Binds on loopback (or HOST) with the server's HTTP/2 hooks counting that stack's wire bytes. */
async function bindServer(server: grpc.Server, env: ServiceEnv, telemetry: ServerTelemetry, port: number) {
  const bound = await withHttp2ServerHooks(
    { wire: telemetry.wire, flowControlWindowBytes: env.GRPC_FLOW_CONTROL_WINDOW_BYTES },
    () =>
      new Promise<number>((resolve, reject) =>
        server.bindAsync(hostPort(env.HOST, port), grpc.ServerCredentials.createInsecure(), (error, boundPort) =>
          error ? reject(error) : resolve(boundPort),
        ),
      ),
  );
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}

/** The stacks this process serves beside grpc-js: every other stack whose record names it. */
const OTHER_STACKS: readonly StackId[] = stacksOfProcess(stackRecord(DEFAULT_PAIR.grpc).process).filter(
  (stack) => stack !== DEFAULT_PAIR.grpc,
);

/** How a stack's codec wraps the handlers: proto-loader's reflection codec as loaded, or precompiled serializers. */
const CODEC_OF: Record<"reflection" | "static", (service: grpc.ServiceDefinition) => grpc.ServiceDefinition> = {
  reflection: (service) => service,
  static: (service) => timeServiceCodecs(withStaticCodec(service)),
};

/**
 * Starts the gRPC API (reflection and health on) as its stacks (grpc-js, and grpc-js-static with
 * precompiled serializers), each on its own port, its metrics side port, and returns how to stop them. */
export async function startGrpcServer(env: ServiceEnv) {
  const telemetry = createServerTelemetry("grpc");
  const runtime = await createServiceRuntime(env, telemetry);
  const { definition, grpcObject } = loadRelixProtos();

  const health = new HealthImplementation({ "": "NOT_SERVING" });
  const reflection = new ReflectionService(withProtocMapEntryNames(withStandardServices(definition)));
  const stopReadiness = trackReadiness(health, runtime.services);
  const serve = (
    port: number,
    stackTelemetry: ServerTelemetry,
    serviceOf: (definition: grpc.ServiceDefinition) => grpc.ServiceDefinition,
  ) => {
    // The image and upload workloads carry megabytes: both limits are set on purpose, and a
    // larger message is refused with RESOURCE_EXHAUSTED before it is decoded.
    const server = new grpc.Server({
      "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
      "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
    });
    for (const [serviceName, handlers] of createWorkloadHandlers(runtime.services, stackTelemetry)) {
      server.addService(serviceOf(grpcObject.relix.v1[serviceName].service), handlers);
    }
    reflection.addToServer(server);
    health.addToServer(server);
    return bindServer(server, env, stackTelemetry, port);
  };

  const grpcJs = await serve(env.GRPC_PORT, telemetry, CODEC_OF.reflection);
  // The other stacks: the same handlers and instrumentation, only the codec differs.
  const others: Array<{ stack: StackId; telemetry: ServerTelemetry; port: number; close(): Promise<void> }> = [];
  for (const stack of OTHER_STACKS) {
    const port = optionalStackPort(env, stack);
    const stackTelemetry = createServerTelemetry("grpc", { stack, sameProcessAs: telemetry });
    if (port === null) {
      stackTelemetry.stop();
      continue;
    }
    const bound = await serve(port, stackTelemetry, CODEC_OF[stackRecord(stack).codec ?? "reflection"]);
    others.push({ stack, telemetry: stackTelemetry, port: bound.port, close: bound.close });
  }
  const metrics = await startMetricsServer(
    [telemetry, ...others.map((other) => other.telemetry)],
    env.HOST,
    env.GRPC_METRICS_PORT,
  );

  return {
    port: grpcJs.port,
    /** The other stacks' ports, by stack id (absent: turned off). */
    stackPorts: Object.fromEntries(others.map((other) => [other.stack, other.port])) as Partial<
      Record<StackId, number>
    >,
    metricsPort: metrics.port,
    host: env.HOST,
    backends: runtime.backends,
    async close() {
      stopReadiness();
      await Promise.all([grpcJs.close(), ...others.map((other) => other.close())]);
      await metrics.close();
      await runtime.close();
      for (const other of others) other.telemetry.stop();
      telemetry.stop();
    },
  };
}
