package relix.grpc.calls;

import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import java.io.InputStream;

/**
 * Times request decoding. grpc-java parses a request on the thread that then hands it to the
 * call's listener, so the parse time is left in a thread-local for that listener to add to the
 * request's span as codec time (replies are timed where they are sent: TelemetryInterceptor).
 */
public final class DecodeTimer {
  private static final ThreadLocal<long[]> LAST_DECODE_NANOS = ThreadLocal.withInitial(() -> new long[1]);

  private DecodeTimer() {}

  /** The time of the decode this thread did last, once. */
  static long takeNanos() {
    long[] last = LAST_DECODE_NANOS.get();
    long nanos = last[0];
    last[0] = 0;
    return nanos;
  }

  /** The service with each method's request marshaller timed; the schema (for reflection) kept. */
  public static ServerServiceDefinition timed(ServerServiceDefinition service) {
    ServiceDescriptor descriptor = service.getServiceDescriptor();
    ServiceDescriptor.Builder descriptors =
        ServiceDescriptor.newBuilder(descriptor.getName()).setSchemaDescriptor(descriptor.getSchemaDescriptor());
    java.util.List<ServerMethodDefinition<?, ?>> methods = new java.util.ArrayList<>();
    for (ServerMethodDefinition<?, ?> method : service.getMethods()) {
      ServerMethodDefinition<?, ?> timed = timedMethod(method);
      descriptors.addMethod(timed.getMethodDescriptor());
      methods.add(timed);
    }
    ServerServiceDefinition.Builder definitions = ServerServiceDefinition.builder(descriptors.build());
    for (ServerMethodDefinition<?, ?> method : methods) definitions.addMethod(method);
    return definitions.build();
  }

  private static <Req, Res> ServerMethodDefinition<Req, Res> timedMethod(ServerMethodDefinition<Req, Res> method) {
    MethodDescriptor<Req, Res> descriptor = method.getMethodDescriptor();
    MethodDescriptor<Req, Res> timed =
        descriptor.toBuilder().setRequestMarshaller(new Timed<>(descriptor.getRequestMarshaller())).build();
    return ServerMethodDefinition.create(timed, method.getServerCallHandler());
  }

  private record Timed<T>(MethodDescriptor.Marshaller<T> marshaller) implements MethodDescriptor.Marshaller<T> {
    @Override
    public InputStream stream(T value) {
      return marshaller.stream(value);
    }

    @Override
    public T parse(InputStream stream) {
      long started = System.nanoTime();
      try {
        return marshaller.parse(stream);
      } finally {
        LAST_DECODE_NANOS.get()[0] += System.nanoTime() - started;
      }
    }
  }
}
