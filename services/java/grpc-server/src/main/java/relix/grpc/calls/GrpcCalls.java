package relix.grpc.calls;

import io.grpc.Metadata;
import io.grpc.stub.StreamObserver;
import relix.common.calls.CallContext;
import relix.common.telemetry.RequestSpan;

/**
 * How every unary workload handler runs: the call context from the metadata (cache mode, server
 * delay), the handler's work, then the reply, or the error mapped to its status. The same order as
 * the Node gRPC API: a bad header is refused before the request is looked at.
 */
public final class GrpcCalls {
  private GrpcCalls() {}

  /** A handler's work: the request's checks and the service call, which it times on the span. */
  @FunctionalInterface
  public interface Work<Res> {
    Res answer(CallContext ctx, RequestSpan span) throws Exception;
  }

  public static <Res> void unary(StreamObserver<Res> replies, Work<Res> work) {
    RequestSpan span = TelemetryInterceptor.SPAN.get();
    if (span == null) span = RequestSpan.startNow();
    Res reply;
    try {
      Metadata headers = TelemetryInterceptor.HEADERS.get();
      CallContext ctx = CallContext.from(name -> headerOf(headers, name));
      reply = work.answer(ctx, span);
    } catch (Exception error) {
      replies.onError(StatusMap.statusOf(error).asRuntimeException());
      return;
    }
    replies.onNext(reply);
    replies.onCompleted();
  }

  private static final java.util.Map<String, Metadata.Key<String>> KEYS =
      java.util.Map.of(
          CallContext.CACHE_MODE_HEADER, Metadata.Key.of(CallContext.CACHE_MODE_HEADER, Metadata.ASCII_STRING_MARSHALLER),
          CallContext.DELAY_HEADER, Metadata.Key.of(CallContext.DELAY_HEADER, Metadata.ASCII_STRING_MARSHALLER));

  private static String headerOf(Metadata headers, String name) {
    return headers == null ? null : headers.get(KEYS.get(name));
  }
}
