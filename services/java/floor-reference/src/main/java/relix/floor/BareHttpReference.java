package relix.floor;

import io.lettuce.core.api.async.RedisAsyncCommands;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * The REST floor of the Java stacks: GET /v1/items/{id} answered with the bytes cached in Redis,
 * as they are (200), or 404. Netty's HTTP/1.1 codec and nothing else: Netty is the lowest HTTP
 * server Java services are built on (grpc-java's transport, Lettuce's, Spring WebFlux's), and the
 * JDK's own com.sun.net.httpserver hands each exchange to an executor thread and copies through
 * streams, which would set the floor lower than the runtime's. No routing, no validation, no
 * parsing of the JSON, no metrics: what is left is the socket, HTTP framing and the Redis round trip.
 */
final class BareHttpReference {
  private BareHttpReference() {}

  static AutoCloseable start(int port, RedisAsyncCommands<String, byte[]> redis) throws InterruptedException {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
    Channel listening =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    channel.pipeline().addLast(new HttpServerCodec(), new ItemHandler(redis));
                  }
                })
            .bind("127.0.0.1", port)
            .sync()
            .channel();
    return () -> {
      listening.close().sync();
      group.shutdownGracefully().sync();
    };
  }

  /** One request at a time per connection (no pipelining from the load generators): reply, then the next. */
  private static final class ItemHandler extends SimpleChannelInboundHandler<HttpRequest> {
    private final RedisAsyncCommands<String, byte[]> redis;

    ItemHandler(RedisAsyncCommands<String, byte[]> redis) {
      this.redis = redis;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpRequest request) {
      String uri = request.uri();
      long id = Long.parseLong(uri.substring(uri.lastIndexOf('/') + 1));
      boolean keepAlive = HttpUtil.isKeepAlive(request);
      redis
          .get(FloorReferenceMain.itemKey(id))
          .whenComplete(
              (cached, error) -> {
                HttpResponseStatus status =
                    error != null
                        ? HttpResponseStatus.SERVICE_UNAVAILABLE
                        : cached == null ? HttpResponseStatus.NOT_FOUND : HttpResponseStatus.OK;
                byte[] body = cached != null ? cached : "{}".getBytes();
                FullHttpResponse response =
                    new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
                response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
                var written = ctx.writeAndFlush(response);
                if (!keepAlive) written.addListener(ChannelFutureListener.CLOSE);
              });
    }
  }
}
