/**
 * What `pnpm bench:floor --runtime R` measures: each API of runtime R against the bare reference
 * of its own runtime and protocol (a slow implementation shows against its runtime's floor, not
 * against Node's), and how each reference is started. The references do only what a warm item.get
 * must: one Redis GET of the item's key, answered (see each reference's own comments).
 */
import { fileURLToPath } from "node:url";
import type { StackId } from "@relix/core/stacks/stacks";
import type { Runtime } from "@relix/core/stacks/service-processes";

export type FloorProtocol = "http" | "grpc";

/** A command that serves a reference on PORT, reading REDIS_URL, and prints a line once it listens. */
export interface ReferenceCommand {
  name: string;
  command: string;
  args: string[];
}

export interface RuntimeFloor {
  runtime: Runtime;
  /** The APIs measured, each against this runtime's reference of its protocol. */
  apis: Array<{ stack: StackId; name: string; protocol: FloorProtocol }>;
  references: Record<FloorProtocol, ReferenceCommand>;
}

const repoFile = (relative: string) => fileURLToPath(new URL(`../../../../${relative}`, import.meta.url));

const nodeReference = (file: string, name: string, tsxCli: string): ReferenceCommand => ({
  name,
  command: process.execPath,
  args: [tsxCli, fileURLToPath(new URL(file, import.meta.url))],
});

/** The start script of another runtime's references, with the protocol as its argument. */
const scriptReference = (script: string, protocol: FloorProtocol, name: string): ReferenceCommand => ({
  name,
  command: "bash",
  args: [repoFile(script), protocol],
});

export function runtimeFloors(tsxCli: string): Record<Runtime, RuntimeFloor> {
  return {
    node: {
      runtime: "node",
      apis: [
        { stack: "express", name: "REST API (Express)", protocol: "http" },
        { stack: "grpc-js", name: "gRPC API (grpc-js)", protocol: "grpc" },
      ],
      references: {
        http: nodeReference("./reference-http.ts", "bare node:http + GET", tsxCli),
        grpc: nodeReference("./reference-grpc.ts", "bare grpc-js + GET", tsxCli),
      },
    },
    java: {
      runtime: "java",
      apis: [
        { stack: "spring", name: "spring (Spring MVC)", protocol: "http" },
        { stack: "grpc-java", name: "grpc-java", protocol: "grpc" },
      ],
      references: {
        http: scriptReference("services/java/start-floor-reference.sh", "http", "bare Netty HTTP + GET"),
        grpc: scriptReference("services/java/start-floor-reference.sh", "grpc", "bare grpc-java + GET"),
      },
    },
    python: {
      runtime: "python",
      apis: [
        { stack: "fastapi", name: "fastapi (uvicorn)", protocol: "http" },
        { stack: "flask", name: "flask (gunicorn)", protocol: "http" },
        { stack: "grpcio", name: "grpcio", protocol: "grpc" },
      ],
      references: {
        http: scriptReference("services/python/start-floor-reference.sh", "http", "bare asyncio HTTP + GET"),
        grpc: scriptReference("services/python/start-floor-reference.sh", "grpc", "bare grpcio + GET"),
      },
    },
  };
}

/** `--runtime node|java|python|all` -> the runtimes to measure, in that order. */
export function parseRuntimes(value: string): Runtime[] {
  const all: Runtime[] = ["node", "java", "python"];
  if (value === "all") return all;
  const chosen = value.split(",").map((name) => name.trim());
  const unknown = chosen.filter((name) => !all.includes(name as Runtime));
  if (unknown.length > 0 || chosen.length === 0)
    throw new Error(
      `--runtime must be node, java, python, a comma list of them, or all (got ${JSON.stringify(value)})`,
    );
  return all.filter((runtime) => chosen.includes(runtime));
}
