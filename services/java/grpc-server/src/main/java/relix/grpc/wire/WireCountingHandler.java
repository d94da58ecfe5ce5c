package relix.grpc.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import relix.common.telemetry.WireCounter;

/**
 * First in each connection's pipeline, next to the socket: every buffer read from it and written to
 * it passes here, so the count is the bytes on the wire (HTTP/2 framing and HPACK included), as the
 * Node services count theirs at their sockets.
 */
final class WireCountingHandler extends ChannelDuplexHandler {
  private final WireCounter wire;

  WireCountingHandler(WireCounter wire) {
    this.wire = wire;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    wire.connectionOpened();
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    wire.connectionClosed();
    super.channelInactive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    wire.received(sizeOf(msg));
    super.channelRead(ctx, msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
    wire.sent(sizeOf(msg));
    super.write(ctx, msg, promise);
  }

  private static long sizeOf(Object msg) {
    if (msg instanceof ByteBuf buffer) return buffer.readableBytes();
    if (msg instanceof ByteBufHolder holder) return holder.content().readableBytes();
    return 0;
  }
}
