import type { ReactNode } from "react";
import { useTranslation } from "../utils/translator";
import type { KeyOf } from "../utils/translation-keys";

/**
 * A table of the back office: headed columns from the catalog, in a region that scrolls sideways
 * on a phone (focusable, so a keyboard can scroll it too) instead of widening the page.
 */
export function BoTable({
  label,
  columns,
  rows,
  empty,
}: {
  /** the table's name, read out with the region (usually its section's heading) */
  label: string;
  columns: KeyOf<"backoffice">[];
  rows: { key: string; cells: ReactNode[] }[];
  /** said instead of an empty table */
  empty: KeyOf<"backoffice">;
}) {
  const { t } = useTranslation("backoffice");
  if (rows.length === 0) return <p>{t(empty)}</p>;
  return (
    <div className="bo-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="bo-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {t(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
