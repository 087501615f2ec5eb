import type { ReactNode } from "react";
import { useTranslation } from "../utils/translator";
import type { KeyOf } from "../utils/translation-keys";

/**
 * A table of the back office: headed columns from the catalog, in a region that scrolls sideways
 * on a phone (focusable, so a keyboard can scroll it too) instead of widening the page. A wrapping
 * table (long, mixed cells) becomes a card per row on a phone instead, each value under its
 * column's name (`data-label`, backoffice.css).
 */
export function BoTable({
  label,
  columns,
  rows,
  empty,
  wrap = false,
}: {
  /** the table's name, read out with the region (usually its section's heading) */
  label: string;
  columns: KeyOf<"backoffice">[];
  rows: { key: string; cells: ReactNode[] }[];
  /** said instead of an empty table */
  empty: KeyOf<"backoffice">;
  /** cells wrap their text (long, mixed cells such as the audit log's) instead of keeping to one line */
  wrap?: boolean;
}) {
  const { t } = useTranslation("backoffice");
  if (rows.length === 0) return <p>{t(empty)}</p>;
  return (
    // a scrollable region must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="bo-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={wrap ? "bo-table bo-table-wrapping" : "bo-table"}>
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
                <td key={i} data-label={t(columns[i]!)}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
