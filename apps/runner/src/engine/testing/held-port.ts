import { spawn } from "node:child_process";

/**
 * A connection from a port below the ephemeral range, bound without SO_REUSEADDR (Python's
 * default; Node's client sockets always set it), so no listener can share it and no other
 * connection of this machine is given it: a kernel-chosen port may be shared by connections to
 * other destinations (Linux allows that per address pair), and with other tests connecting in
 * parallel one could still hold it after this test lets it go. `release()` resets the connection.
 */
export async function heldOutsideEphemeralRange(toPort: number): Promise<{ port: number; release(): Promise<void> }> {
  const script = [
    "import random, socket, struct, sys",
    "low = int(open('/proc/sys/net/ipv4/ip_local_port_range').read().split()[0])",
    "for attempt in range(200):",
    "    s = socket.socket()",
    "    try:",
    "        s.bind(('127.0.0.1', random.randrange(max(1024, low - 12000), low)))",
    "        break",
    "    except OSError:",
    "        s.close()",
    "else:",
    "    sys.exit('no free port below the ephemeral range')",
    `s.connect(('127.0.0.1', ${toPort}))`,
    "print(s.getsockname()[1], flush=True)",
    "sys.stdin.read()",
    "s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))",
    "s.close()",
  ].join("\n");
  const child = spawn("python3", ["-c", script], { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (data: Buffer) => resolve(Number(String(data).trim())));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`python3 exited with ${code} before holding a port`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let released = false;
  return {
    port,
    release: () => {
      if (released) return exited;
      released = true;
      child.stdin.end();
      return exited;
    },
  };
}
