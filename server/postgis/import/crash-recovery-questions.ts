// The questions crash-recovery.test.ts puts to the service over each database, chosen from the
// demo fabric where a half-published release shows: locations new in the newest release (data,
// coverage, locate at their exact point, history), one present before, mobile cells of both
// releases, an area summarized and reported (and compared), and fabric and fixed tiles over it.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { startAppServer } from '../../app/start-app-server';
import type { Fabric } from '../../service/store/fabric';
import { squareAround } from '../../../shared/testing/square';

export interface Question {
  path: string;
  body?: unknown;
}

function tilePath(z: number, lng: number, lat: number): string {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return `${z}/${x}/${y}`;
}

/** Indexes of locations in release `vi`, new in it when `isNew`, `n` of them spread out. */
function pick(fabric: Fabric, vi: number, isNew: boolean, n: number): number[] {
  const loc = fabric.locations;
  const found: number[] = [];
  for (let i = 0; i < loc.count; i++) {
    const inIt = (loc.presence[i] & (1 << vi)) !== 0;
    const before = (loc.presence[i] & (1 << (vi - 1))) !== 0;
    if (inIt && before !== isNew) found.push(i);
  }
  return Array.from({ length: n }, (_, k) => found[Math.floor((k * found.length) / n)]);
}

/** The questions, and the indexes of the new locations they ask about. */
export function crashQuestions(fabric: Fabric, cells: Record<string, string[]>) {
  const loc = fabric.locations;
  const vi = fabric.vintages.length - 1;
  const v = fabric.vintages[vi].vintage;
  const prev = fabric.vintages[vi - 1].vintage;
  const fresh = pick(fabric, vi, true, 3);
  const kept = pick(fabric, vi, false, 1)[0];
  const qs: Question[] = [
    { path: '/api/fabric/vintages' },
    { path: '/api/coverage/vintages?type=bdc' },
  ];
  const about = (i: number, at: string) => {
    const id = loc.locationId[i];
    qs.push(
      { path: `/api/fabric/${at}/data/locations?location_id=${id}` },
      { path: `/api/coverage/bdcfixed?location_id=${id}&vintage=${at}` },
      { path: `/api/fabricext/${at}/locate?latitude=${loc.lat[i]}&longitude=${loc.lng[i]}` },
      { path: `/api/fabricext/${at}/history?location_id=${id}` },
    );
  };
  for (const i of fresh) about(i, v);
  about(kept, v);
  about(kept, prev);
  for (const [vintage, list] of Object.entries(cells)) {
    for (const h of list)
      qs.push({ path: `/api/coverage/bdcmobile?h3_res9_id=${h}&vintage=${vintage}` });
  }
  const [lng, lat] = [loc.lng[fresh[0]], loc.lat[fresh[0]]];
  const d = 0.01;
  const area = squareAround(lng, lat, d);
  qs.push(
    { path: `/api/fabricext/${v}/summarize?field=building_type_code,served_status`, body: area },
    { path: `/api/fabricext/${v}/report`, body: area },
    { path: `/api/fabricext/${v}/report?with=${prev}&withfabric=${prev}`, body: area },
    { path: `/api/fabric/${v}/tiles/${tilePath(14, lng, lat)}.pbf` },
    { path: `/api/coverage/${v}/fixedtiles/${tilePath(14, lng, lat)}.pbf?fabric=${v}` },
    { path: `/api/coverage/${v}/fixedhex/${tilePath(11, lng, lat)}.pbf?fabric=${v}` },
  );
  return { questions: qs, fresh };
}

/** A tile as text: each layer's features (type, id, properties, geometry) sorted, since the
 * order features come in means nothing and follows where rows happen to lie in the table. */
function tileText(bytes: Uint8Array): string {
  const tile = new VectorTile(new PbfReader(bytes));
  const layers = Object.entries(tile.layers).map(([name, layer]) => {
    const features = Array.from({ length: layer.length }, (_, k) => {
      const f = layer.feature(k);
      const props = Object.entries(f.properties).sort();
      return JSON.stringify([f.type, f.id ?? null, props, f.loadGeometry()]);
    });
    return `${name}: ${features.sort().join(' ')}`;
  });
  return layers.sort().join('\n');
}

/** Each question's status and body (tiles decoded), asked of the app server over `url`. */
export async function serviceAnswers(url: string, questions: Question[]): Promise<string[]> {
  const server = await startAppServer({
    log: () => {},
    host: '127.0.0.1',
    port: 0,
    env: { STORE: 'postgis', DATABASE_URL: url, SERVICE_WORKERS: '0' },
  });
  try {
    const answers: string[] = [];
    for (const q of questions) {
      const res = await fetch(server.url + q.path, {
        method: q.body ? 'POST' : 'GET',
        ...(q.body
          ? { body: JSON.stringify(q.body), headers: { 'content-type': 'application/json' } }
          : {}),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = q.path.includes('.pbf') && res.ok ? tileText(bytes) : bytes.toString('utf8');
      answers.push(`${q.path} → ${res.status} ${text}`);
    }
    return answers;
  } finally {
    await server.close();
  }
}
