/**
 * The bounds of every run, enforced by the runner's spec schema and shown by the UI and the
 * CLI's --help. They keep one run small enough for a 2-core machine and a shared runner.
 */
export const specBounds = {
  durationMs: { min: 500, max: 300_000 },
  warmupMs: { min: 0, max: 60_000 },
  requests: { min: 1, max: 1_000_000 },
  connections: { min: 1, max: 256 },
  grpcConnections: { min: 1, max: 256 },
  rate: { min: 1, max: 100_000 },
  trials: { min: 1, max: 20 },
  payloadBytes: { min: 1, max: 8 * 1024 * 1024 },
  streamMessages: { min: 1, max: 10_000 },
  records: { min: 1, max: 10_000 },
  echoBytes: { min: 1, max: 1024 * 1024 },
  dotLength: { min: 1, max: 100_000 },
  keyCount: { min: 1, max: 1_000 },
  serverDelayMs: { min: 0, max: 1_000 },
  workloads: { min: 1, max: 40 },
} as const;

/** A run's whole measured time may not exceed this (every cell, both protocols, all trials). */
export const MAX_TOTAL_RUN_MS = 60 * 60 * 1000;
