package relix.common.telemetry;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time this process has used, user and system, in microseconds (what Node's process.cpuUsage()
 * reports). The JVM gives the total with nanosecond resolution; /proc/self/stat gives the split in
 * clock ticks; the total is divided by the ticks' ratio. Without /proc it is all counted as user time.
 */
public final class ProcessCpu {
  private static final Path STAT = Path.of("/proc/self/stat");

  public record Usage(long userUs, long systemUs) {}

  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  public Usage usage() {
    long totalUs = Math.max(0, os.getProcessCpuTime() / 1000);
    try {
      String stat = Files.readString(STAT);
      // Fields after the command name (which may hold spaces) start at state; utime and stime are fields 14 and 15.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long userTicks = Long.parseLong(fields[11]);
      long systemTicks = Long.parseLong(fields[12]);
      long ticks = userTicks + systemTicks;
      if (ticks == 0) return new Usage(totalUs, 0);
      long systemUs = totalUs * systemTicks / ticks;
      return new Usage(totalUs - systemUs, systemUs);
    } catch (Exception notLinux) {
      return new Usage(totalUs, 0);
    }
  }
}
