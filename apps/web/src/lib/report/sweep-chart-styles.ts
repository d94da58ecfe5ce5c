// The sweep line's colours in a plain module: the report (a server component) builds the legend from
// them, and a value exported from a client module would reach it as a client reference instead.
export const SWEEP_LINE_COLOR = { line: "#2563eb", band: "#bfdbfe", refinement: "#7c3aed", crossover: "#16a34a" };
