package relix.common.telemetry;

/**
 * One request's server time split three ways, as packages/io/src/telemetry/request-span.ts: service
 * (the service call, cache and database included), codec (body decode and encode), and rest (the
 * remainder: framework, framing, validation, scheduling). Used by one thread at a time.
 */
public final class RequestSpan {
  final long startedNanos;
  long serviceNanos;
  long codecNanos;

  public RequestSpan(long startedNanos) {
    this.startedNanos = startedNanos;
  }

  public static RequestSpan startNow() {
    return new RequestSpan(System.nanoTime());
  }

  public void addService(long nanos) {
    serviceNanos += nanos;
  }

  public void addCodec(long nanos) {
    codecNanos += nanos;
  }

  /** A step that may throw, timed as service time. */
  @FunctionalInterface
  public interface Step<T> {
    T run() throws Exception;
  }

  public <T> T timeService(Step<T> call) throws Exception {
    long started = System.nanoTime();
    try {
      return call.run();
    } finally {
      serviceNanos += System.nanoTime() - started;
    }
  }

  public <T> T timeCodec(Step<T> encodeOrDecode) throws Exception {
    long started = System.nanoTime();
    try {
      return encodeOrDecode.run();
    } finally {
      codecNanos += System.nanoTime() - started;
    }
  }
}
