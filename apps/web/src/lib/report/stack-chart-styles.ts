// The stacks panel's colours, shared by its client charts and the report's legends. Kept out of the
// charts' client modules: a server component importing a constant from a "use client" file gets a
// client reference, not the value.

/** A ladder rung: a step whose CI excludes 1, or one that does not. */
export const LADDER_COLOR = { significant: "#0d9488", none: "#94a3b8" } as const;

/** The parts of a client request, nearest the wire first; each its own colour in every panel. */
export const SPLIT_PARTS = [
  { key: "networkClient", label: "network and client", color: "#cbd5e1" },
  { key: "framework", label: "framework", color: "#7c3aed" },
  { key: "codec", label: "codec", color: "#be185d" },
  { key: "handler", label: "handler", color: "#0d9488" },
] as const;
