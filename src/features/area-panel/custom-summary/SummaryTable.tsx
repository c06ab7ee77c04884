// The rows as returned (merged when split), in layout order, numbers formatted.
import { Fragment } from 'react';
import { formatCell, type SummaryLayout } from './summary-table';

/** A field name may wrap after its underscores ("served_" / "status"), so narrow panels fit it. */
const breakable = (header: string) =>
  header.split('_').map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          _<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));

export function SummaryTable({ layout, total }: { layout: SummaryLayout; total: number }) {
  return (
    <div
      className="summary-table__scroll"
      role="region"
      tabIndex={0}
      aria-label="Summary rows, scrollable"
    >
      <table className="summary-table">
        <caption>
          {layout.rows.length} {layout.rows.length === 1 ? 'row' : 'rows'},{' '}
          {formatCell(total, { key: 'locationcount', kind: 'count' })} locations
        </caption>
        <thead>
          <tr>
            {layout.columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.kind === 'group' || c.kind === 'label' ? '' : 'num'}
              >
                {breakable(c.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {layout.rows.map((row, i) => (
            <tr key={i}>
              {layout.columns.map((c) =>
                c.kind === 'group' ? (
                  <th key={c.key} scope="row">
                    {formatCell(row[c.key], c) || '—'}
                  </th>
                ) : c.kind === 'label' ? (
                  <td key={c.key}>{formatCell(row[c.key], c)}</td>
                ) : (
                  <td key={c.key} className="num">
                    {formatCell(row[c.key], c)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
