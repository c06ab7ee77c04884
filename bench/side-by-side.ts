// The memory and the PostGIS store's figures side by side, with the import's, and the PostGIS
// figures as the JSON keys `npm run bench -- --store postgis --json` adds (pg_*).
import type { ServiceFigures } from './measure-service';
import type { PostgisFabric } from './postgis-fabric';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function sideBySide(
  m: ServiceFigures & { rssMb: number },
  p: ServiceFigures & { rssMb: number },
  db: PostgisFabric,
  log: (line: string) => void,
): Record<string, number> {
  const r = db.record;
  const mb = (bytes: number) => round(bytes / 2 ** 20, 0);
  const rows: [string, string | number, string | number][] = [
    ['locate req/s', Math.round(m.locate.rps), Math.round(p.locate.rps)],
    [
      'locate p50 / p99 ms',
      `${m.locate.p50Ms} / ${m.locate.p99Ms}`,
      `${p.locate.p50Ms} / ${p.locate.p99Ms}`,
    ],
    ['summarize 50k p50 ms', round(m.s50k.p50Ms), round(p.s50k.p50Ms)],
    ['summarize 5k p50 ms', round(m.s5k.p50Ms), round(p.s5k.p50Ms)],
    ['service RSS MB', round(m.rssMb), round(p.rssMb)],
    ['database MB', '-', mb(db.databaseBytes)],
  ];
  log('side by side:                 memory        PostGIS');
  for (const [name, a, b] of rows)
    log(`  ${name.padEnd(26)} ${String(a).padStart(12)} ${String(b).padStart(14)}`);
  log(
    `  import ${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s (${Math.round(r.rows / r.seconds).toLocaleString('en-US')} rows/s${db.fresh ? '' : `, loaded ${r.at}`}), database ${mb(r.databaseBytes)} MB after import`,
  );
  return {
    pg_locate_rps: Math.round(p.locate.rps),
    pg_locate_p50_ms: p.locate.p50Ms,
    pg_locate_p99_ms: p.locate.p99Ms,
    pg_locate_non2xx: p.locate.non2xx + p.locate.errors,
    pg_summarize_50k_p50_ms: round(p.s50k.p50Ms, 2),
    pg_summarize_50k_locations: p.s50k.locationcount,
    pg_summarize_5k_p50_ms: round(p.s5k.p50Ms, 2),
    pg_rss_mb: round(p.rssMb),
    pg_import_s: r.seconds,
    pg_import_rows: r.rows,
    pg_database_mb: mb(db.databaseBytes),
  };
}
