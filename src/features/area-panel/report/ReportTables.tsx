// The report's tables as the panel and the printed page show them: each titled, with the
// releases it is as of, columns meant for the CSV left out, narrow headers with the full one
// as their abbreviation's title.
import type { ReportTable } from './report-layout';

interface Props {
  tables: readonly ReportTable[];
  asOf: string;
  /** Rows shown per table (the providers' top list); all when absent. */
  limit?: Partial<Record<ReportTable['id'], number>>;
}

export function ReportTables({ tables, asOf, limit = {} }: Props) {
  return (
    <>
      {tables.map((table) => {
        const columns = table.columns.map((column, index) => ({ column, index }));
        const shown = columns.filter(({ column }) => !column.csvOnly && !column.belowLabel);
        const below = columns.filter(({ column }) => column.belowLabel);
        const rows = table.rows.slice(0, limit[table.id] ?? table.rows.length);
        return (
          <section
            key={table.id}
            className="report-table"
            aria-labelledby={`report-${table.id}-title`}
            data-testid={`report:${table.id}`}
          >
            <h4 id={`report-${table.id}-title`} className="report-table__title">
              {table.title}
            </h4>
            <p className="report-table__asof">{table.asOf ?? asOf}</p>
            <div
              className="report-table__scroll"
              role="region"
              tabIndex={0}
              aria-label={`${table.title}, scrollable`}
            >
              <table className="summary-table report-table__grid">
                <thead>
                  <tr>
                    <th scope="col">{table.labelHeader}</th>
                    {shown.map(({ column }) => (
                      <th key={column.header} scope="col" className="num">
                        {column.short ? (
                          <abbr title={column.header}>{column.short}</abbr>
                        ) : (
                          column.header
                        )}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={row.label}
                      className={
                        row.total ? 'report-table__total' : row.indent ? 'report-table__part' : ''
                      }
                    >
                      <th scope="row">
                        {row.label}
                        {below.map(({ column, index }) => (
                          <span key={column.header} className="report-table__below">
                            {row.cells[index]?.text}
                          </span>
                        ))}
                      </th>
                      {shown.map(({ column, index }) => (
                        <td key={column.header} className="num">
                          {row.cells[index]?.text}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {table.note && <p className="report-table__note">{table.note}</p>}
          </section>
        );
      })}
    </>
  );
}
