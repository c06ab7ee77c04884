// The two measurements: locate throughput and latency under load (autocannon), and summarize
// latency one request at a time (the way a planner's drawn area is sent).
import autocannon from 'autocannon';

export interface LocateFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export async function measureLocate(opts: {
  url: string;
  token: string;
  paths: string[];
  connections: number;
  seconds: number;
}): Promise<LocateFigures> {
  let next = 0;
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: { authorization: `Bearer ${opts.token}` },
    // One request spec whose path walks the pre-generated list, so every request asks a
    // different point (a fixed sequence per connection would let caches flatter the figures).
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: opts.paths[next++ % opts.paths.length]! }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export interface SummarizeFigures {
  p50Ms: number;
  p90Ms: number;
  locationcount: number;
}

const median = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** `runs` sequential summarize requests (after `warmup` unmeasured ones); p50 and p90 in ms. */
export async function measureSummarize(opts: {
  url: string;
  token: string;
  path: string;
  polygon: GeoJSON.Polygon;
  runs: number;
  warmup: number;
}): Promise<SummarizeFigures> {
  const body = JSON.stringify(opts.polygon);
  const headers = { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' };
  const times: number[] = [];
  let locationcount = 0;
  for (let i = 0; i < opts.warmup + opts.runs; i++) {
    const start = performance.now();
    const res = await fetch(opts.url + opts.path, { method: 'POST', headers, body });
    const text = await res.text();
    const elapsed = performance.now() - start;
    if (res.status !== 200)
      throw new Error(`summarize answered ${res.status}: ${text.slice(0, 300)}`);
    locationcount = (JSON.parse(text) as { locationcount: number }).locationcount;
    if (i >= opts.warmup) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: median(times, 0.5), p90Ms: median(times, 0.9), locationcount };
}
