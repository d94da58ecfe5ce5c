import { visibleLength } from "./ansi";

export interface Column {
  header: string;
  align?: "left" | "right";
}

/**
 * Fixed-width columns, two spaces apart. Widths come from the visible text, so cells may carry
 * ANSI styles. A row may be shorter than the header (trailing columns left blank).
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string[] {
  const widths = columns.map((column, i) =>
    Math.max(visibleLength(column.header), ...rows.map((row) => visibleLength(row[i] ?? ""))),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, i) => {
        const text = cells[i] ?? "";
        const pad = " ".repeat(widths[i]! - visibleLength(text));
        return column.align === "right" ? pad + text : text + pad;
      })
      .join("  ")
      .trimEnd();
  return [line(columns.map((c) => c.header)), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}
