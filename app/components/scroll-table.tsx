/**
 * A captioned table in a horizontal scroller: wide tables stay readable on a 360 px phone, and
 * the scroller is a named, focusable region so keyboard users can scroll it.
 */
export function ScrollTable({
  caption,
  hideCaption = false,
  columns,
  testId,
  children,
}: {
  caption: string;
  /** the page already titles the table (a tab): keep the caption for screen readers only */
  hideCaption?: boolean;
  /** the column headers, already translated */
  columns: string[];
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    // a scrollable region must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="records-table" data-testid={testId}>
        <caption className={hideCaption ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((label, i) => (
              <th key={i} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
