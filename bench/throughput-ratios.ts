// Two throughput ratios, each between two servers loaded in turn in the same run, so a busy
// machine slows both sides alike: the app server (embedded backend, /api) over the standalone
// service under the soak's request mix, and the standalone service's locate (its hot path)
// over a bare node:http handler doing the same lookup. Each side gets the same rounds of load,
// alternated, and its requests are summed over them. Over the soak's fabric (the app's default
// demo size), whatever size the rest of the bench uses: at a million locations the mix's area
// summaries take most of the time and would hide what the request path costs.
import autocannon from 'autocannon';
import { DEFAULT_LOCATIONS } from '../server/demo/generate-fabric';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { startServiceProcess, type ServiceProcess } from './service-process';
import { soakRequests, type SoakRequest } from './soak-mix';
import { currentLocations, locatePaths } from './workload';

export interface RatioFigures {
  mix_service_rps: number;
  mix_app_rps: number;
  /** App server over standalone service, same mix. */
  app_service_ratio: number;
  app_mix_p99_ms: number;
  locate_bare_rps: number;
  locate_hot_rps: number;
  /** Standalone locate over the bare handler. */
  locate_bare_ratio: number;
  /**
   * The same two ratios from each server's own CPU time per request (the other side's over
   * its own): what the throughput ratio would be if each had the machine to itself. Less
   * swayed than req/s by what else the machine runs.
   */
  app_service_cpu_ratio: number;
  locate_bare_cpu_ratio: number;
}

const CONNECTIONS = 10;
const TOKEN = 'bench';
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Load {
  requests: number;
  p99Ms: number;
  failures: number;
}

/** Load at 10 connections for `seconds` (or `amount` requests), each request the next of `requests`. */
async function load(
  side: Side,
  requests: SoakRequest[],
  run: { seconds: number } | { amount: number },
): Promise<Load> {
  let next = 0;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (side.token) headers.authorization = `Bearer ${side.token}`;
  const result = await autocannon({
    url: side.server.url,
    connections: CONNECTIONS,
    ...('seconds' in run ? { duration: run.seconds } : { amount: run.amount }),
    requests: [
      {
        setupRequest: (req) => {
          const r = requests[next++ % requests.length]!;
          // Fresh headers: autocannon writes Content-Length into the object it is given.
          return {
            ...req,
            headers: { ...headers },
            method: r.method,
            path: side.prefix + r.path,
            body: r.body ?? '',
          };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    p99Ms: result.latency.p99,
    failures: result['5xx'] + result.errors + result.timeouts,
  };
}

interface Side {
  name: string;
  server: ServiceProcess;
  requests: SoakRequest[];
  prefix: string;
  token: string | null;
  total: number;
  cpuSeconds: number;
  p99s: number[];
  failures: number;
}

export async function measureRatios(opts: {
  log: (line: string) => void;
  rounds?: number;
  seconds?: number;
}): Promise<RatioFigures> {
  const { log } = opts;
  const rounds = opts.rounds ?? 6;
  const seconds = opts.seconds ?? 3;
  const fabric = await loadDemoFabric({ locations: DEFAULT_LOCATIONS });
  const current = currentLocations(fabric);
  const mix = soakRequests(fabric, current, 20_000);
  const locates = locatePaths(fabric, current, 5000).map((path): SoakRequest => ({
    method: 'GET',
    path,
    expect: 2,
  }));
  const start = (program: 'service' | 'app-server' | 'bare-locate', env = {}) =>
    startServiceProcess({
      program,
      locations: DEFAULT_LOCATIONS,
      token: TOKEN,
      readyTimeoutMs: 300_000,
      log,
      echoAfterReady: program !== 'app-server',
      env: { SERVICE_URL: '', APP_RATE_LIMIT: 'off', ...env },
    });
  log(
    `ratios: the standalone service, the app server and a bare locate handler over ${DEFAULT_LOCATIONS.toLocaleString('en-US')} locations, loaded in turn (${rounds} rounds of ${seconds} s each)`,
  );
  const servers: ServiceProcess[] = [];
  try {
    for (const program of ['service', 'app-server', 'bare-locate'] as const)
      servers.push(await start(program));
    const [service, app, bare] = servers as [ServiceProcess, ServiceProcess, ServiceProcess];
    // Start-up work in the background (hexagon grouping) must be over before any round.
    await Promise.all([service, app].map((s) => s.waitForLine(/hexagon cells grouped/, 120_000)));
    const side = (
      name: string,
      server: ServiceProcess,
      requests: SoakRequest[],
      viaApp = false,
    ) => ({
      name,
      server,
      requests,
      prefix: viaApp ? '/api' : '',
      token: viaApp ? null : TOKEN,
      total: 0,
      cpuSeconds: 0,
      p99s: [] as number[],
      failures: 0,
    });
    const sides: Side[] = [
      side('service, mix', service, mix),
      side('app server, mix', app, mix, true),
      side('service, locate', service, locates),
      side('bare handler, locate', bare, locates),
    ];
    // Warm-up: every tile of the mix built once (a cold tile costs a hundred warm requests,
    // and the faster side would otherwise meet more of them), then 2 s of its load.
    const tiles = [
      ...new Map(mix.filter((r) => r.path.includes('/tiles/')).map((r) => [r.path, r])),
    ];
    for (const s of sides) {
      if (s.requests === mix)
        await load(
          s,
          tiles.map(([, r]) => r),
          { amount: tiles.length },
        );
      await load(s, s.requests, { seconds: 2 });
    }
    // Short rounds, each pair's order swapped every round, so a load that comes and goes on
    // the machine falls on both sides of a ratio alike.
    const pairs: [Side, Side][] = [
      [sides[0]!, sides[1]!],
      [sides[2]!, sides[3]!],
    ];
    for (let r = 0; r < rounds; r++) {
      for (const pair of pairs) {
        for (const s of r % 2 ? pair.toReversed() : pair) {
          const cpuBefore = s.server.cpuSeconds();
          const got = await load(s, s.requests, { seconds });
          s.cpuSeconds += s.server.cpuSeconds() - cpuBefore;
          s.total += got.requests;
          s.p99s.push(got.p99Ms);
          s.failures += got.failures;
        }
      }
    }
    const rps = (s: Side) => s.total / (rounds * seconds);
    const cpuUs = (s: Side) => (s.cpuSeconds * 1e6) / s.total;
    for (const s of sides) {
      log(
        `  ${s.name.padEnd(22)} ${Math.round(rps(s)).toString().padStart(6)} req/s, ${Math.round(cpuUs(s))} µs of CPU a request, p99 per round ${s.p99s.join(' / ')} ms${s.failures ? `, ${s.failures} 5xx or errors` : ''}`,
      );
    }
    const [sMix, aMix, sLoc, bLoc] = sides as [Side, Side, Side, Side];
    const figures: RatioFigures = {
      mix_service_rps: Math.round(rps(sMix)),
      mix_app_rps: Math.round(rps(aMix)),
      app_service_ratio: round(rps(aMix) / rps(sMix)),
      app_mix_p99_ms: Math.max(...aMix.p99s),
      locate_bare_rps: Math.round(rps(bLoc)),
      locate_hot_rps: Math.round(rps(sLoc)),
      locate_bare_ratio: round(rps(sLoc) / rps(bLoc)),
      app_service_cpu_ratio: round(cpuUs(sMix) / cpuUs(aMix)),
      locate_bare_cpu_ratio: round(cpuUs(bLoc) / cpuUs(sLoc)),
    };
    log(
      `  app server / service (mix): ${figures.app_service_ratio} in req/s, ${figures.app_service_cpu_ratio} by CPU a request`,
    );
    log(
      `  service locate / bare handler: ${figures.locate_bare_ratio} in req/s, ${figures.locate_bare_cpu_ratio} by CPU a request`,
    );
    return figures;
  } finally {
    for (const s of servers) await s.stop();
  }
}
