import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import type { GrpcServiceName } from "@relix/core/catalog/grpc-services";
import { protoLoaderOptions } from "./loader-options";
import { PROTO_FILES, PROTO_ROOT } from "./paths";

/**
 * The relix.v1 package as grpc-js builds it: one client constructor, carrying its service
 * definition, per service the catalog names. Messages stay untyped here on purpose: the catalog
 * says what each method takes and answers, and its zod schemas check every decoded message.
 */
export interface RelixGrpcPackage {
  relix: { v1: Record<GrpcServiceName, grpc.ServiceClientConstructor> };
}

let cached: { definition: protoLoader.PackageDefinition; grpcObject: RelixGrpcPackage } | undefined;

/** Loads every relix.v1 proto once; the package definition also feeds server reflection. */
export function loadRelixProtos() {
  if (!cached) {
    const definition = protoLoader.loadSync(PROTO_FILES, { ...protoLoaderOptions, includeDirs: [PROTO_ROOT] });
    const grpcObject = grpc.loadPackageDefinition(definition) as unknown as RelixGrpcPackage;
    cached = { definition, grpcObject };
  }
  return cached;
}
