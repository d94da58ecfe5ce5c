/**
 * What `pnpm bench:floor --runtime R` measures: each API of runtime R against the bare reference
 * of its own runtime and protocol (a slow implementation shows against its runtime's floor, not
 * against Node's), each REST API also against a bare route of its own framework, and how each of
 * them is started. The references and the framework routes do only what a warm item.get must: one
 * Redis GET of the item's key, the cached bytes answered (see each one's own comments).
 *
 * Which one is the target: a gRPC API is judged against its runtime's bare gRPC server, which is
 * the same library with nothing on top. A REST API is judged against its framework's bare route:
 * the bare runtime server has no framework at all, so its distance to a REST API is mostly the
 * framework's own per-request cost (Express, Spring MVC on Tomcat, Starlette, WSGI on gunicorn),
 * which these stacks exist to measure and cannot leave. The framework route leaves only this
 * project's code to account for; the bare runtime server's ratio is printed beside it, as
 * information.
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

export interface FloorApi {
  stack: StackId;
  name: string;
  protocol: FloorProtocol;
  /** A REST API's framework doing only the GET: the API's target (see above). */
  framework?: ReferenceCommand;
}

export interface RuntimeFloor {
  runtime: Runtime;
  /** The APIs measured, each against this runtime's reference of its protocol. */
  apis: FloorApi[];
  references: Record<FloorProtocol, ReferenceCommand>;
}

const repoFile = (relative: string) => fileURLToPath(new URL(`../../../../${relative}`, import.meta.url));

const nodeReference = (file: string, name: string, tsxCli: string): ReferenceCommand => ({
  name,
  command: process.execPath,
  args: [tsxCli, fileURLToPath(new URL(file, import.meta.url))],
});

/** The start script of another runtime's references, with which one as its argument. */
const scriptReference = (script: string, which: string, name: string): ReferenceCommand => ({
  name,
  command: "bash",
  args: [repoFile(script), which],
});

const JAVA_SCRIPT = "services/java/start-floor-reference.sh";
const PYTHON_SCRIPT = "services/python/start-floor-reference.sh";

export function runtimeFloors(tsxCli: string): Record<Runtime, RuntimeFloor> {
  return {
    node: {
      runtime: "node",
      apis: [
        {
          stack: "express",
          name: "REST API (Express)",
          protocol: "http",
          framework: nodeReference("./reference-express.ts", "bare Express 5 route + GET", tsxCli),
        },
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
        {
          stack: "spring",
          name: "spring (Spring MVC)",
          protocol: "http",
          framework: scriptReference(JAVA_SCRIPT, "spring", "bare Spring MVC route + GET"),
        },
        { stack: "grpc-java", name: "grpc-java", protocol: "grpc" },
      ],
      references: {
        http: scriptReference(JAVA_SCRIPT, "http", "bare Netty HTTP + GET"),
        grpc: scriptReference(JAVA_SCRIPT, "grpc", "bare grpc-java + GET"),
      },
    },
    python: {
      runtime: "python",
      apis: [
        {
          stack: "fastapi",
          name: "fastapi (uvicorn)",
          protocol: "http",
          framework: scriptReference(PYTHON_SCRIPT, "fastapi", "bare FastAPI route + GET"),
        },
        {
          stack: "flask",
          name: "flask (gunicorn)",
          protocol: "http",
          framework: scriptReference(PYTHON_SCRIPT, "flask", "bare Flask route + GET"),
        },
        { stack: "grpcio", name: "grpcio", protocol: "grpc" },
      ],
      references: {
        http: scriptReference(PYTHON_SCRIPT, "http", "bare asyncio HTTP + GET"),
        grpc: scriptReference(PYTHON_SCRIPT, "grpc", "bare grpcio + GET"),
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
