import type { ValueFormat } from "./value-format";

export interface BarPairRow {
  category: string;
  rest: number | null;
  grpc: number | null;
}

/** What either layout of the pair chart draws: the rows, their unit, and which row fields hold each side. */
export interface BarPairLayoutProps {
  rows: BarPairRow[];
  format: ValueFormat;
  yLabel: string;
  xLabel?: string;
  restKey: string;
  grpcKey: string;
}
