import type { MobileServiceRecord } from './mobile-classify';
import { hexRows } from './hex-rows';

export function HexRecordsTable({ records }: { records: readonly MobileServiceRecord[] }) {
  return (
    // Focusable, so a keyboard can scroll the table sideways in a narrow panel.
    <div
      className="hp-table-wrap"
      role="region"
      tabIndex={0}
      aria-label="Coverage records table, scrollable"
    >
      <table className="hp-table">
        <caption className="hp-visually-hidden">Mobile coverage records in this hexagon</caption>
        <thead>
          <tr>
            <th scope="col">Carrier</th>
            <th scope="col">Technology</th>
            <th scope="col">
              Speed tier <span className="hp-unit">(down/up)</span>
            </th>
            <th scope="col">Environment</th>
            <th scope="col" className="hp-num">
              Min. signal
            </th>
          </tr>
        </thead>
        <tbody>
          {hexRows(records).map((row) => (
            <tr key={row.key}>
              <td>{row.carrier}</td>
              <td>{row.technology}</td>
              <td className="hp-nowrap">{row.speedTier}</td>
              <td>{row.environment}</td>
              <td className="hp-num">{row.minSignalDbm} dBm</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
