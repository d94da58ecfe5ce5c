import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { loadSync, type PackageDefinition } from "@grpc/proto-loader";
import { protoPath as healthProtoPath } from "grpc-health-check";

const require = createRequire(import.meta.url);

/** The packages ship their .proto files beside their code; neither exports a path for reflection's own. */
function reflectionProtoRoot(): string {
  return join(dirname(require.resolve("@grpc/reflection")), "../proto");
}

/**
 * The definition the reflection service describes: relix.v1 plus every other service this server
 * registers (grpc.health.v1.Health and reflection itself), because standard clients (grpcurl,
 * ghz) find a method only through reflection and refuse a service it does not list.
 */
export function withStandardServices(relix: PackageDefinition): PackageDefinition {
  // keepCase: the descriptors then carry the fields' names as their .proto files spell them.
  const options = { keepCase: true };
  const healthRoot = join(dirname(healthProtoPath), "../..");
  const health = loadSync("health/v1/health.proto", { ...options, includeDirs: [healthRoot] });
  const reflection = loadSync(["grpc/reflection/v1/reflection.proto", "grpc/reflection/v1alpha/reflection.proto"], {
    ...options,
    includeDirs: [reflectionProtoRoot()],
  });
  return { ...relix, ...health, ...reflection };
}
