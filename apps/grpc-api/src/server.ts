import * as grpc from "@grpc/grpc-js";
import { ReflectionService } from "@grpc/reflection";
import { HealthImplementation } from "grpc-health-check";
import { MAX_MESSAGE_BYTES } from "@relix/core";
import { hostPort } from "@relix/core/network/loopback";
import type { Services } from "@relix/io";
import { createServerTelemetry, createServiceRuntime, loadRelixProtos, type ServiceEnv } from "@relix/io";
import { startMetricsServer } from "./metrics-server";
import { withProtocMapEntryNames } from "./reflection-descriptors";
import { withHttp2ServerHooks } from "./http2-server-hooks";
import { withStandardServices } from "./reflected-services";
import { createWorkloadHandlers } from "./workload-handlers";

const READINESS_INTERVAL_MS = 2_000;

/** Keeps grpc.health.v1 in step with Redis + MySQL reachability, like REST's /readyz. */
function trackReadiness(health: HealthImplementation, services: Services) {
  const update = async () => {
    const ready = await services.repository.checkReady();
    health.setStatus("", ready.cache && ready.store ? "SERVING" : "NOT_SERVING");
  };
  void update();
  const timer = setInterval(() => void update(), READINESS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Starts the gRPC API (reflection and health on), its metrics side port, and returns how to stop them. */
export async function startGrpcServer(env: ServiceEnv) {
  const telemetry = createServerTelemetry("grpc");
  const runtime = await createServiceRuntime(env, telemetry);
  const { definition, grpcObject } = loadRelixProtos();

  // The image and upload workloads carry megabytes: both limits are set on purpose, and a
  // larger message is refused with RESOURCE_EXHAUSTED before it is decoded.
  const server = new grpc.Server({
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  });
  for (const [serviceName, handlers] of createWorkloadHandlers(runtime.services, telemetry)) {
    const service = grpcObject.relix.v1[serviceName].service;
    server.addService(service, handlers);
  }
  new ReflectionService(withProtocMapEntryNames(withStandardServices(definition))).addToServer(server);
  const health = new HealthImplementation({ "": "NOT_SERVING" });
  health.addToServer(server);
  const stopReadiness = trackReadiness(health, runtime.services);

  const port = await withHttp2ServerHooks(
    { wire: telemetry.wire, flowControlWindowBytes: env.GRPC_FLOW_CONTROL_WINDOW_BYTES },
    () =>
      new Promise<number>((resolve, reject) =>
        server.bindAsync(hostPort(env.HOST, env.GRPC_PORT), grpc.ServerCredentials.createInsecure(), (error, bound) =>
          error ? reject(error) : resolve(bound),
        ),
      ),
  );
  const metrics = await startMetricsServer(telemetry, env.HOST, env.GRPC_METRICS_PORT);

  return {
    port,
    metricsPort: metrics.port,
    host: env.HOST,
    backends: runtime.backends,
    async close() {
      stopReadiness();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      await metrics.close();
      await runtime.close();
      telemetry.stop();
    },
  };
}
