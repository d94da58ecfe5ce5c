import type { Protocol } from "@relix/core/result/result-schema";

/** One colour and one name per protocol, used by every chart, legend, table and badge. */
export const PROTOCOL_COLOR: Record<Protocol, string> = {
  rest: "#d97706",
  grpc: "#2563eb",
};

/** A lighter tint of each, for secondary series (p99 beside p50, cold beside warm). */
export const PROTOCOL_TINT: Record<Protocol, string> = {
  rest: "#f5b041",
  grpc: "#7aa7f7",
};

export const PROTOCOL_LABEL: Record<Protocol, string> = {
  rest: "REST",
  grpc: "gRPC",
};

export const protocols: readonly Protocol[] = ["rest", "grpc"];
