package relix.grpc.calls;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import relix.common.telemetry.Outcome;
import relix.common.telemetry.RequestSpan;
import relix.common.telemetry.ServerTelemetry;

/**
 * One span per workload call, the same instrumentation as every Relix server: from the request's
 * headers in hand to the reply handed to the transport, its decode and encode counted as codec
 * time, the handler's service call as service time (GrpcCalls), the rest the remainder. Calls of
 * other services (health, reflection) are not counted, as on the Node gRPC API.
 */
public final class TelemetryInterceptor implements ServerInterceptor {
  static final Context.Key<RequestSpan> SPAN = Context.key("relix-span");
  static final Context.Key<Metadata> HEADERS = Context.key("relix-headers");

  private final ServerTelemetry telemetry;
  /** Full method name (relix.v1.CatalogService/GetItem) -> workload id (item.get). */
  private final Map<String, String> workloads;

  public TelemetryInterceptor(ServerTelemetry telemetry, Map<String, String> workloads) {
    this.telemetry = telemetry;
    this.workloads = workloads;
  }

  @Override
  public <Req, Res> ServerCall.Listener<Req> interceptCall(
      ServerCall<Req, Res> call, Metadata headers, ServerCallHandler<Req, Res> next) {
    String workload = workloads.get(call.getMethodDescriptor().getFullMethodName());
    if (workload == null) return next.startCall(call, headers);
    RequestSpan span = RequestSpan.startNow();
    AtomicBoolean finished = new AtomicBoolean();
    Runnable cancelled =
        () -> {
          if (finished.compareAndSet(false, true)) telemetry.finish(workload, span, Outcome.CANCELLED);
        };
    ServerCall<Req, Res> counted =
        new SimpleForwardingServerCall<>(call) {
          @Override
          public void sendMessage(Res message) {
            // grpc-java serialises the reply inside sendMessage, on this thread: that is the encode.
            long started = System.nanoTime();
            try {
              super.sendMessage(message);
            } finally {
              span.addCodec(System.nanoTime() - started);
            }
          }

          @Override
          public void close(Status status, Metadata trailers) {
            if (finished.compareAndSet(false, true)) telemetry.finish(workload, span, StatusMap.outcomeOf(status));
            super.close(status, trailers);
          }
        };
    Context context = Context.current().withValue(SPAN, span).withValue(HEADERS, headers);
    ServerCall.Listener<Req> listener = Contexts.interceptCall(context, counted, headers, next);
    return new SimpleForwardingServerCallListener<>(listener) {
      @Override
      public void onMessage(Req message) {
        span.addCodec(DecodeTimer.takeNanos());
        super.onMessage(message);
      }

      @Override
      public void onCancel() {
        cancelled.run();
        super.onCancel();
      }
    };
  }
}
