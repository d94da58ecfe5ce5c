import type { Protocol } from "@relix/core/result/result-schema";
import { PROTOCOL_LABEL } from "@/lib/protocol-style";

export function Proto({ protocol }: { protocol: Protocol }) {
  return <span className={`proto proto-${protocol}`}>{PROTOCOL_LABEL[protocol]}</span>;
}

export function Winner({ winner, children }: { winner: "grpc" | "rest" | "none"; children: React.ReactNode }) {
  return <span className={`winner-${winner}`}>{children}</span>;
}
