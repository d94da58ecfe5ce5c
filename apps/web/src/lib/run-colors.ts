/** Colours that tell compared runs apart: neutral, so they never read as REST amber or gRPC blue. */
export const RUN_COLORS = ["#0f172a", "#0d9488", "#7c3aed", "#be185d", "#65a30d", "#64748b"];

export const runColor = (index: number): string => RUN_COLORS[index % RUN_COLORS.length]!;
