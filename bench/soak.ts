// `npm run soak [-- --seconds N --locations N]`: the standalone service (compiled, in its own
// process, as `npm run bench` runs it) under 60 s of mixed load at 10 connections: locate
// clicks, lookups, coverage, bulk, area summaries, tiles and a share of requests it must
// refuse. Prints req/s, p50/p99 latency, answers by class, errors, and the service's RSS before
// and after; exits 1 on any 5xx, transport error or timeout, or a refusal count off the mix.
import autocannon from 'autocannon';
import { integerOption, readCommandLine, type Command } from '../server/config/command-line';
import { DEFAULT_LOCATIONS } from '../server/demo/generate-fabric';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { startServiceProcess } from './service-process';
import { MIX, soakRequests } from './soak-mix';
import { currentLocations } from './workload';

const COMMAND: Command = {
  name: 'soak',
  usage: `usage: npm run soak [-- --seconds N] [-- --locations N]
  The standalone service under mixed load at 10 connections; exits 1 on any 5xx, transport
  error or timeout, or a refusal count off the mix.
  --seconds N     how long (default 60)
  --locations N   the demo fabric's size (default ${DEFAULT_LOCATIONS}, at least 10000)`,
};
const { values: ARGS } = readCommandLine(COMMAND, {
  seconds: { type: 'string' },
  locations: { type: 'string' },
});
const SECONDS = integerOption(COMMAND, 'seconds', ARGS.seconds, 60, 1);
const LOCATIONS = integerOption(COMMAND, 'locations', ARGS.locations, DEFAULT_LOCATIONS, 10_000);
const CONNECTIONS = 10;
const TOKEN = 'soak';
const log = (line: string) => console.log(line);
const mb = (n: number) => `${Math.round(n)} MB`;
const HEADERS = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

async function main(): Promise<boolean> {
  log(`loading the ${LOCATIONS.toLocaleString('en-US')}-location demo fabric (cached in .data/)`);
  const fabric = await loadDemoFabric({ locations: LOCATIONS, log: (m: string) => log(`  ${m}`) });
  const requests = soakRequests(fabric, currentLocations(fabric), 20_000);
  const service = await startServiceProcess({
    locations: LOCATIONS,
    token: TOKEN,
    readyTimeoutMs: 300_000,
    log,
  });
  try {
    let next = 0;
    const run = (seconds: number) =>
      autocannon({
        url: service.url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              const r = requests[next++ % requests.length]!;
              // Fresh headers each time: autocannon writes Content-Length into the object it
              // is given and carries it over to the next request built from the same spec.
              return {
                ...req,
                headers: { ...HEADERS },
                method: r.method,
                path: r.path,
                body: r.body ?? '',
              };
            },
          },
        ],
      });
    await run(2); // warm-up: compiled paths, caches, the heap grown to its working size
    const before = service.memory();
    const startAt = next;
    log(`soak: ${SECONDS} s of mixed load at ${CONNECTIONS} connections on ${service.url}`);
    log(
      `  mix (%): ${Object.entries(MIX)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    const result = await run(SECONDS);
    const after = service.memory();

    // Which requests of the list were sent, to know how many refusals to expect.
    const sent = Math.min(next - startAt, result.requests.total);
    let refusals = 0;
    for (let k = 0; k < sent; k++)
      if (requests[(startAt + k) % requests.length]!.expect === 4) refusals++;
    const errors = result.errors + result.timeouts;
    log(
      `  ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    log(
      `  ${result.requests.total.toLocaleString('en-US')} answers: ${result['2xx']} 2xx, ${result['4xx']} 4xx (about ${refusals} refusals sent), ${result['5xx']} 5xx; ${result.errors} errors, ${result.timeouts} timeouts`,
    );
    log(
      `  service RSS before ${mb(before.rssMb)}, after ${mb(after.rssMb)} (peak ${mb(after.peakMb)})`,
    );
    // In-flight requests at the end blur the count by up to one per connection.
    const offMix = Math.abs(result['4xx'] - refusals) > CONNECTIONS * 2;
    if (offMix)
      log(`  4xx count is off the mix: ${result['4xx']} answered, about ${refusals} expected`);
    return result['5xx'] === 0 && errors === 0 && !offMix;
  } finally {
    await service.stop();
  }
}

main()
  .then((ok) => {
    log(ok ? 'soak: no 5xx, no errors' : 'soak: FAILED (see above)');
    process.exit(ok ? 0 : 1);
  })
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
