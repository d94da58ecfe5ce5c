import {
  customPlacementBounds,
  placementName,
  placementNames,
  type Placement,
  type PlacementName,
} from "@relix/core/network/placements";

// The new-run form's placements: checkboxes (one per name) and the custom placement's RTT, jitter and
// bandwidth as typed, checked against the same bounds as the runner and `pnpm bench --rtt`.

export const NETWORK_FIELDS = ["network", "rttMs", "jitterMs", "bandwidthMbps"] as const;
export type NetworkField = (typeof NETWORK_FIELDS)[number];
export type NetworkErrors = Partial<Record<NetworkField, string>>;

export interface NetworkValues {
  network: PlacementName[];
  rtt: string;
  jitter: string;
  /** Empty: no cap. */
  bandwidth: string;
}

export function networkValuesFrom(network: readonly Placement[] | undefined): NetworkValues {
  const list = network ?? ["loopback"];
  const custom = list.find((p) => typeof p !== "string");
  return {
    network: list.map(placementName),
    rtt: custom ? String(custom.rttMs) : "",
    jitter: custom ? String(custom.jitterMs) : "",
    bandwidth: custom?.bandwidthMbps != null ? String(custom.bandwidthMbps) : "",
  };
}

const range = (b: { min: number; max: number }, unit: string) =>
  `${b.min.toLocaleString("en-US")}–${b.max.toLocaleString("en-US")} ${unit}`;

export const customBoundText = {
  rttMs: range(customPlacementBounds.rttMs, "ms"),
  jitterMs: range(customPlacementBounds.jitterMs, "ms"),
  bandwidthMbps: range(customPlacementBounds.bandwidthMbps, "Mbit/s"),
} as const;

function figure(
  field: Exclude<NetworkField, "network">,
  text: string,
  label: string,
  errors: NetworkErrors,
): number | null {
  const trimmed = text.trim();
  const bound = customPlacementBounds[field];
  const value = /^[0-9]*\.?[0-9]+$/.test(trimmed) ? Number(trimmed) : null;
  if (value === null) errors[field] = `${label}: enter a number (${customBoundText[field]})`;
  else if (value < bound.min || value > bound.max)
    errors[field] = `${label}: must be between ${customBoundText[field]}`;
  return value;
}

/** Form values -> the spec's `network` and the errors to show beside each input. */
export function validateNetwork(values: NetworkValues): { network: Placement[]; errors: NetworkErrors } {
  const errors: NetworkErrors = {};
  const names = placementNames.filter((name) => values.network.includes(name));
  if (names.length === 0) errors.network = "Choose at least one placement";
  if (!names.includes("custom")) return { network: names as Placement[], errors };

  const rttMs = figure("rttMs", values.rtt, "Custom RTT", errors) ?? 0;
  const jitterMs = values.jitter.trim() === "" ? 0 : (figure("jitterMs", values.jitter, "Jitter", errors) ?? 0);
  if (errors.jitterMs === undefined && errors.rttMs === undefined && jitterMs > rttMs) {
    errors.jitterMs = "Jitter: may not exceed the RTT";
  }
  const bandwidthMbps =
    values.bandwidth.trim() === "" ? null : figure("bandwidthMbps", values.bandwidth, "Bandwidth", errors);
  const network = names.map((name): Placement =>
    name === "custom" ? { name: "custom", rttMs, jitterMs, bandwidthMbps } : name,
  );
  return { network, errors };
}

/** The runner's path ("spec.network.1.rttMs") -> the input it belongs to. */
export function networkFieldOfPath(parts: readonly string[]): NetworkField | null {
  if (parts[0] !== "network") return null;
  const last = parts[parts.length - 1];
  return last === "rttMs" || last === "jitterMs" || last === "bandwidthMbps" ? last : "network";
}

export const sameNetwork = (a: readonly Placement[], b: readonly Placement[]) =>
  JSON.stringify(a) === JSON.stringify(b);
