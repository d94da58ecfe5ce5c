import type { ReactNode } from "react";

export interface Column {
  label: ReactNode;
  align?: "left" | "right";
}

/** A plain table of pre-formatted values; rendered on the server, so it is there before any script. */
export function DataTable({ columns, rows, caption }: { columns: Column[]; rows: ReactNode[][]; caption?: string }) {
  return (
    <table className="data">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={c.align === "right" ? "r" : undefined} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, i) => (
              <td key={i} className={columns[i]?.align === "right" ? "r" : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
