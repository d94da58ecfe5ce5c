/**
 * The REST and gRPC services (every stack of each) for the engine tests: child processes started by ensureServices
 * (as `pnpm bench` starts them: their built bundles, each with its own CPU, so server CPU per
 * request is the server's alone), on ports the kernel picked, over the test backends (REDIS_URL / MYSQL_URL from
 * test/global-setup.ts). Nothing here listens beyond 127.0.0.1.
 */
import { readdirSync, readFileSync } from "node:fs";
import { getFreePort } from "@relix/io/backends";
import { ensureServices, type ManagedServices } from "../launch/service-manager";
import type { ServiceTargets } from "../launch/targets";

export interface LocalServices {
  targets: ServiceTargets;
  services: ManagedServices;
}

const ATTEMPTS = 3;

/**
 * Starts both services on free ports. A port can be taken between picking it and binding it
 * (the kernel hands the same ephemeral range to outgoing connections), so "address in use"
 * retries with new ports, a bounded number of times.
 */
export async function startLocalServices(): Promise<LocalServices> {
  if (!process.env.REDIS_URL || !process.env.MYSQL_URL) {
    throw new Error(
      "REDIS_URL and MYSQL_URL are not set: run the tests through vitest (test/global-setup.ts starts Redis and MariaDB)",
    );
  }
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [restPort, grpcPort, grpcMetricsPort, node, nodeProtobuf, h2c, grpcStatic, ...others] = await Promise.all(
      Array.from({ length: 14 }, () => getFreePort()),
    );
    const [spring, fastapi, flask, grpcJava, grpcio, grpcJavaSide, grpcioSide] = others;
    const targets: ServiceTargets = {
      host: "127.0.0.1",
      restPort: restPort!,
      grpcPort: grpcPort!,
      grpcMetricsPort: grpcMetricsPort!,
      // Every stack, each on a port of its own: a run may measure any of them. The Java and Python
      // servers are started on theirs only by a run that asks for them (runtime-services.ts).
      stackPorts: {
        node,
        "node-protobuf": nodeProtobuf,
        h2c,
        "grpc-js-static": grpcStatic,
        spring,
        fastapi,
        flask,
        "grpc-java": grpcJava,
        grpcio,
      },
      sidePorts: { "java-grpc": grpcJavaSide!, "python-grpcio": grpcioSide! },
    };
    try {
      const services = await ensureServices(targets, { env: process.env });
      return { targets, services };
    } catch (error) {
      lastError = error;
      if (
        !/EADDRINUSE|is running but|is taken by another program|stayed unusable/.test(String((error as Error).message))
      )
        throw error;
    }
  }
  throw lastError;
}

/** Child processes of this process whose command name is `name` (e.g. "ghz"), from /proc. */
export function childProcessesNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (comm === name && ppid === process.pid) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}
