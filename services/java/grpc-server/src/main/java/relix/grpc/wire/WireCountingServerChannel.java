package relix.grpc.wire;

import io.netty.channel.ChannelFactory;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import relix.common.telemetry.WireCounter;

/**
 * The server socket grpc-java's Netty transport listens on, whose accepted connections each get a
 * WireCountingHandler before grpc's own handlers. grpc-java has no hook into a connection's pipeline;
 * its channel factory is the supported seam.
 */
public final class WireCountingServerChannel extends NioServerSocketChannel {
  private final WireCounter wire;

  private WireCountingServerChannel(WireCounter wire) {
    this.wire = wire;
  }

  public static ChannelFactory<WireCountingServerChannel> factory(WireCounter wire) {
    return () -> new WireCountingServerChannel(wire);
  }

  @Override
  protected int doReadMessages(List<Object> accepted) throws Exception {
    SocketChannel socket = javaChannel().accept();
    if (socket == null) return 0;
    NioSocketChannel connection = new NioSocketChannel(this, socket);
    connection.pipeline().addFirst("relix-wire-counter", new WireCountingHandler(wire));
    accepted.add(connection);
    return 1;
  }
}
