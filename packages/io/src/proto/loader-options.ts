import type { Options } from "@grpc/proto-loader";

/**
 * The one set of proto-loader options. The type generator (scripts/generate-proto-types.ts)
 * is run with the same flags, so the generated types describe what the runtime really decodes.
 * - camelCase field names, as in the REST JSON;
 * - int64 as JS numbers (timestamps and sizes fit in 2^53);
 * - defaults on, so an absent scalar is 0/"" and an absent message is null, on every path.
 */
export const protoLoaderOptions: Options = {
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

/** The same options as command-line flags for proto-loader-gen-types. */
export const protoLoaderGenFlags = ["--longs=Number", "--enums=String", "--defaults", "--oneofs"];
