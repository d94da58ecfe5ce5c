package relix.grpc.handlers;

import io.grpc.stub.StreamObserver;
import relix.common.requests.RequestRules;
import relix.common.services.BenchService;
import relix.grpc.calls.GrpcCalls;
import relix.v1.Bench;
import relix.v1.BenchServiceGrpc;
import relix.v1.Common;

/** relix.v1.BenchService: noop (the floor) and echo (study 001). */
public final class BenchHandlers extends BenchServiceGrpc.BenchServiceImplBase {
  private static final Common.Empty EMPTY = Common.Empty.getDefaultInstance();

  private final BenchService bench;

  public BenchHandlers(BenchService bench) {
    this.bench = bench;
  }

  @Override
  public void noop(Common.Empty request, StreamObserver<Common.Empty> replies) {
    GrpcCalls.unary(replies, (ctx, span) -> EMPTY);
  }

  @Override
  public void echo(Bench.EchoRequest request, StreamObserver<Bench.EchoReply> replies) {
    GrpcCalls.unary(
        replies,
        (ctx, span) -> {
          RequestRules.echoMessage(request.getMessage());
          BenchService.EchoReply reply = span.timeService(() -> bench.echo(request.getDataMap(), ctx));
          return Bench.EchoReply.newBuilder().setStatus(reply.status()).putAllData(reply.data()).build();
        });
  }
}
