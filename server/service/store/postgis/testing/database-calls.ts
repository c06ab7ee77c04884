// Requests that each need the database, through both servers, and a load that keeps sending
// them: the outage tests watch what every one of them is answered, and when. Ids, points and
// tiles move with a counter, so no answer can come from a cache.
import type { Fabric } from '../../fabric';
import { TOKEN, type ServersOverDatabase } from './database-outage';

export interface Answer {
  label: string;
  /** 0: no answer within the cap. */
  status: number;
  retryAfter: string | null;
  body: string;
  /** performance.now() when sent and when the answer (or the cap) came. */
  started: number;
  ended: number;
}

type Call = (n: number) => { label: string; url: string; init?: RequestInit };

/** GETs and POSTs of both servers, the service's locate hot path and a street tile among them. */
export function databaseCalls(fabric: Fabric, servers: ServersOverDatabase): Call[] {
  const v = fabric.vintages.at(-1)!.vintage;
  // The newest release's locate answers from the index held in process (locate-index.ts),
  // without the database; an older release's asks it.
  const lv = fabric.vintages.at(-2)!.vintage;
  const loc = fabric.locations;
  const newest = 1 << (fabric.vintages.length - 1);
  const present = [...loc.locationId.keys()].filter((i) => (loc.presence[i] & newest) !== 0);
  const at = (n: number) => present[n % present.length];
  const id = (n: number) => loc.locationId[at(n)];
  const point = (n: number) => `latitude=${loc.lat[at(n)]}&longitude=${loc.lng[at(n)]}`;
  const square = (n: number) => {
    const [x, y, d] = [loc.lng[at(n)], loc.lat[at(n)], 0.003];
    const ring = [
      [x - d, y - d],
      [x + d, y - d],
      [x + d, y + d],
      [x - d, y + d],
      [x - d, y - d],
    ];
    return JSON.stringify({ type: 'Polygon', coordinates: [ring] });
  };
  // z 18 around the fabric: every tile a new one.
  const x0 = Math.floor(((loc.lng[0] + 180) / 360) * 2 ** 18);
  const y0 = Math.floor(
    ((1 - Math.asinh(Math.tan((loc.lat[0] * Math.PI) / 180)) / Math.PI) / 2) * 2 ** 18,
  );
  const town = encodeURIComponent(fabric.towns[0].name);
  const json = { 'Content-Type': 'application/json' };
  const auth = { Authorization: `Bearer ${TOKEN}` };
  const [app, svc] = [`${servers.app}/api`, servers.service];
  return [
    (n) => ({ label: 'app data', url: `${app}/fabric/${v}/data/locations?location_id=${id(n)}` }),
    (n) => ({ label: 'app locate', url: `${app}/fabricext/${lv}/locate?${point(n)}` }),
    (n) => ({ label: 'app history', url: `${app}/fabricext/${v}/history?location_id=${id(n)}` }),
    (n) => ({ label: 'app bdcfixed', url: `${app}/coverage/bdcfixed?location_id=${id(n)}` }),
    (n) => ({
      label: 'app match',
      url: `${app}/fabricext/${v}/match?text=${1 + (n % 900)}+Main+St,+${town}`,
    }),
    (n) => ({
      label: 'app tile',
      url: `${app}/fabric/${v}/tiles/18/${x0 + (n % 4096)}/${y0 + Math.floor(n / 4096)}.pbf`,
    }),
    (n) => ({
      label: 'app bulk',
      url: `${app}/fabric/${v}/bulk/locations?field=served_status`,
      init: { method: 'POST', headers: json, body: JSON.stringify({ location_id: [id(n)] }) },
    }),
    (n) => ({
      label: 'service locate (hot path)',
      url: `${svc}/fabricext/${lv}/locate?${point(n)}`,
      init: { headers: auth },
    }),
    (n) => ({
      label: 'service data',
      url: `${svc}/fabric/${v}/data/locations?location_id=${id(n)}`,
      init: { headers: auth },
    }),
    (n) => ({
      label: 'service summarize',
      url: `${svc}/fabricext/${v}/summarize?field=unit_count`,
      init: { method: 'POST', headers: { ...json, ...auth }, body: square(n) },
    }),
  ];
}

/** One call, answered or given up on after `capMs`. */
export async function ask(call: Call, n: number, capMs: number): Promise<Answer> {
  const { label, url, init } = call(n);
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(capMs) });
    const body = await res.text();
    const retryAfter = res.headers.get('retry-after');
    return { label, status: res.status, retryAfter, body, started, ended: performance.now() };
  } catch {
    return { label, status: 0, retryAfter: null, body: '', started, ended: performance.now() };
  }
}

/** `workers` loops sending the calls in turn until stopped; answers collect as they come. */
export function startLoad(calls: Call[], workers: number, capMs: number) {
  const answers: Answer[] = [];
  const state = { running: true, n: 0 };
  const loops = Array.from({ length: workers }, async () => {
    while (state.running) {
      const k = state.n++;
      answers.push(await ask(calls[k % calls.length], k, capMs));
    }
  });
  return {
    answers,
    /** Resolves once every call under way has its answer. */
    stop: async () => {
      state.running = false;
      await Promise.all(loops);
    },
  };
}
