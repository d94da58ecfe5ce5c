package relix.common.telemetry;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Bytes read and written on a stack's connections, and how many connections it has had and has. */
public final class WireCounter {
  private final LongAdder received = new LongAdder();
  private final LongAdder sent = new LongAdder();
  private final AtomicLong opened = new AtomicLong();
  private final AtomicLong open = new AtomicLong();

  public void received(long bytes) {
    received.add(bytes);
  }

  public void sent(long bytes) {
    sent.add(bytes);
  }

  public void connectionOpened() {
    opened.incrementAndGet();
    open.incrementAndGet();
  }

  public void connectionClosed() {
    open.decrementAndGet();
  }

  public long bytesReceived() {
    return received.sum();
  }

  public long bytesSent() {
    return sent.sum();
  }

  public long connectionsOpened() {
    return opened.get();
  }

  public long openConnections() {
    return open.get();
  }
}
