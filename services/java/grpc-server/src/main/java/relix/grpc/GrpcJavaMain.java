package relix.grpc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import relix.common.config.InvalidEnvironmentException;
import relix.common.config.ServiceEnv;
import relix.common.config.ServiceEnv.PortVariable;
import relix.common.domain.Limits;
import relix.common.json.RelixJson;
import relix.common.repository.CatalogRepository;
import relix.common.repository.ItemCodecs;
import relix.common.repository.JdbcItemStore;
import relix.common.services.Services;
import relix.common.telemetry.ServerTelemetry;
import relix.grpc.calls.DecodeTimer;
import relix.grpc.calls.TelemetryInterceptor;
import relix.grpc.handlers.BenchHandlers;
import relix.grpc.handlers.CatalogHandlers;
import relix.grpc.handlers.MathHandlers;
import relix.grpc.ops.HealthTracker;
import relix.grpc.ops.SidePort;
import relix.grpc.stores.LettuceCacheStore;
import relix.grpc.stores.MysqlPool;
import relix.grpc.wire.WireCountingServerChannel;

/**
 * The grpc-java stack: grpc-java on Netty serving the catalog's workloads over the same Redis and
 * MySQL as the Node services, with grpc.health.v1, server reflection and an HTTP side port for
 * the runner. Configured only by the environment; stops cleanly on SIGTERM.
 */
public final class GrpcJavaMain {
  static final PortVariable GRPC_PORT = new PortVariable("GRPC_JAVA_PORT");
  static final PortVariable METRICS_PORT = new PortVariable("GRPC_JAVA_METRICS_PORT");

  public static void main(String[] args) throws Exception {
    ServiceEnv env;
    try {
      env = ServiceEnv.load(System.getenv(), GRPC_PORT, METRICS_PORT);
    } catch (InvalidEnvironmentException invalid) {
      System.err.println("grpc-java: " + invalid.getMessage());
      System.exit(2);
      return;
    }
    ObjectMapper json = RelixJson.newMapper();
    ServerTelemetry telemetry = new ServerTelemetry("grpc", "grpc-java");
    LettuceCacheStore cache = new LettuceCacheStore(env.redisUrl());
    cache.tryConnect();
    HikariDataSource pool = MysqlPool.open(env);
    CatalogRepository repository =
        new CatalogRepository(
            new JdbcItemStore(pool, json, env.mysqlQueryTimeoutMs()),
            cache,
            new ItemCodecs(json),
            env.cacheTtlSeconds(),
            telemetry);
    Services services = Services.over(repository);

    HealthStatusManager health = new HealthStatusManager();
    TelemetryInterceptor instrumentation = new TelemetryInterceptor(telemetry, GrpcWorkloads.BY_METHOD);
    EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    EventLoopGroup workers = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
    Server server =
        NettyServerBuilder.forAddress(new InetSocketAddress(env.host(), env.port(GRPC_PORT.name())))
            .channelFactory(WireCountingServerChannel.factory(telemetry.wire()))
            .bossEventLoopGroup(boss)
            .workerEventLoopGroup(workers)
            // The image and upload workloads carry megabytes; a larger message is refused with
            // RESOURCE_EXHAUSTED before it is decoded, as on the Node gRPC API.
            .maxInboundMessageSize(Limits.MAX_MESSAGE_BYTES)
            .addService(workload(new BenchHandlers(services.bench()), instrumentation))
            .addService(workload(new CatalogHandlers(services.catalog()), instrumentation))
            .addService(workload(new MathHandlers(services.math()), instrumentation))
            .addService(health.getHealthService())
            .addService(ProtoReflectionServiceV1.newInstance())
            .addService(legacyReflection())
            .build()
            .start();
    HealthTracker healthTracker = new HealthTracker(health, repository);
    SidePort sidePort = new SidePort(env.host(), env.port(METRICS_PORT.name()), telemetry, repository, json);

    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  // Drain: no new calls, calls in flight finish, until the shutdown timeout.
                  healthTracker.close();
                  server.shutdown();
                  try {
                    if (!server.awaitTermination(env.shutdownTimeoutMs(), TimeUnit.MILLISECONDS)) server.shutdownNow();
                  } catch (InterruptedException interrupted) {
                    server.shutdownNow();
                  }
                  sidePort.close();
                  boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
                  workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
                  repository.close();
                  cache.close();
                  pool.close();
                  telemetry.close();
                  System.out.println("relix grpc-java stopped");
                },
                "relix-shutdown"));

    System.out.printf(
        "relix grpc-java listening on %s:%d, metrics on http://%s:%d/metrics (store: mysql, cache: redis)%n",
        env.host(), server.getPort(), env.host(), sidePort.port());
    server.awaitTermination();
  }

  /** A workload service: requests' decode timed, every call counted. */
  private static io.grpc.ServerServiceDefinition workload(BindableService service, TelemetryInterceptor instrumentation) {
    return ServerInterceptors.intercept(DecodeTimer.timed(service.bindService()), instrumentation);
  }

  /** v1alpha reflection, which older clients (ghz among them) still ask for. */
  @SuppressWarnings("deprecation")
  private static BindableService legacyReflection() {
    return ProtoReflectionService.newInstance();
  }
}
