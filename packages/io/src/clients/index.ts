export * from "./rest-client";
export * from "./grpc-client";
