import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { protoLoaderOptions } from "./loader-options";
import { PROTO_FILES, PROTO_ROOT } from "./paths";
import type { ProtoGrpcType as Catalog } from "../generated/catalog";
import type { ProtoGrpcType as Shapes } from "../generated/shapes";
import type { ProtoGrpcType as Meteorites } from "../generated/meteorites";
import type { ProtoGrpcType as Bench } from "../generated/bench";
import type { ProtoGrpcType as Compute } from "../generated/compute";

export type RelixGrpcPackage = Catalog & Shapes & Meteorites & Bench & Compute;

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
