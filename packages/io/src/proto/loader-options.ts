import type { Options } from "@grpc/proto-loader";

/**
 * The one set of proto-loader options, for the APIs, the clients and reflection alike.
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
