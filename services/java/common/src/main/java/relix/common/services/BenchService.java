package relix.common.services;

import java.util.Map;
import relix.common.calls.CallContext;

/** The floor (noop) and study 001's echo: no data store involved. */
public final class BenchService {
  public record EchoReply(String status, Map<String, String> data) {}

  /** 001's simple call: the server sleeps the request's delay, then answers with the map it got. */
  public EchoReply echo(Map<String, String> data, CallContext ctx) {
    ctx.sleep();
    return new EchoReply("ok", data);
  }
}
