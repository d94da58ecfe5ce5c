package relix.grpc.handlers;

import io.grpc.stub.StreamObserver;
import relix.common.services.MathService;
import relix.grpc.calls.GrpcCalls;
import relix.v1.Compute;
import relix.v1.MathServiceGrpc;

/** relix.v1.MathService: math.add (study 004). */
public final class MathHandlers extends MathServiceGrpc.MathServiceImplBase {
  private final MathService math;

  public MathHandlers(MathService math) {
    this.math = math;
  }

  @Override
  public void add(Compute.AddRequest request, StreamObserver<Compute.AddReply> replies) {
    GrpcCalls.unary(
        replies,
        (ctx, span) -> {
          int sum = span.timeService(() -> math.add(request.getA(), request.getB()));
          return Compute.AddReply.newBuilder().setSum(sum).build();
        });
  }
}
