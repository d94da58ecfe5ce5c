export * from "./rest-client";
export * from "./grpc-client";
export * from "./stack-client";
