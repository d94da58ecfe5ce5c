import { PROTOCOL_COLOR, PROTOCOL_LABEL } from "@/lib/protocol-style";

export interface LegendItem {
  label: string;
  color: string;
  kind: "box" | "line" | "dash";
}

export const protocolBoxes: LegendItem[] = [
  { label: PROTOCOL_LABEL.rest, color: PROTOCOL_COLOR.rest, kind: "box" },
  { label: PROTOCOL_LABEL.grpc, color: PROTOCOL_COLOR.grpc, kind: "box" },
];

export const protocolLines: LegendItem[] = [
  { label: PROTOCOL_LABEL.rest, color: PROTOCOL_COLOR.rest, kind: "line" },
  { label: PROTOCOL_LABEL.grpc, color: PROTOCOL_COLOR.grpc, kind: "line" },
];

export const latencyLines: LegendItem[] = [
  { label: "REST p50", color: PROTOCOL_COLOR.rest, kind: "line" },
  { label: "REST p99", color: PROTOCOL_COLOR.rest, kind: "dash" },
  { label: "gRPC p50", color: PROTOCOL_COLOR.grpc, kind: "line" },
  { label: "gRPC p99", color: PROTOCOL_COLOR.grpc, kind: "dash" },
];
