// The service's first seconds (docs/architecture.md, "The fixed broadband path"): the first hexagon tile of each resolution groups
// every location into its H3 cell, one to two seconds at a million locations. Measured as a
// planner meets it: right after the service listens, two clients locate one point after
// another while the county's hexagon tile (res 7) and a town's (res 8) are asked once each;
// the figures are how long locate waited at worst meanwhile and when each tile came back.
import type { Workload } from './measure-service';
import { tilesByCount } from './fixed-tiles';

export interface StartUpFigures {
  locateCount: number;
  locateP50Ms: number;
  locateMaxMs: number;
  hexRes7Ms: number;
  hexRes8Ms: number;
}

const LOOPS = 2;

export async function measureStartUp(
  url: string,
  token: string,
  w: Workload,
): Promise<StartUpFigures> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const started = performance.now();
    const res = await fetch(url + path, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - started;
  };
  const fv = w.fabric.vintages.at(-1)!.vintage;
  const cv = w.fabric.fixedCoverage.at(-1)!.vintage;
  const hex = (z: number) => {
    const [tile] = tilesByCount(w.fabric, w.current, z)[0]!;
    return `/coverage/${cv}/fixedhex/${z}/${tile}.pbf?fabric=${fv}`;
  };
  let finished = false;
  const hexPaths = [hex(9), hex(11)];
  const tiles = Promise.all(hexPaths.map(get));
  // The locates go on until both tiles are back, and a little longer.
  const closed = tiles.then(() => new Promise<void>((ok) => setTimeout(ok, 250)));
  void closed.then(() => (finished = true));
  const isFinished = () => finished;
  const latencies: number[] = [];
  const loop = async (offset: number) => {
    for (let k = offset; !isFinished(); k += LOOPS)
      latencies.push(await get(w.paths[k % w.paths.length]!));
  };
  await Promise.all([closed, ...Array.from({ length: LOOPS }, (_, k) => loop(k))]);
  const [hexRes7Ms, hexRes8Ms] = await tiles;
  latencies.sort((a, b) => a - b);
  return {
    locateCount: latencies.length,
    locateP50Ms: latencies[Math.floor(latencies.length / 2)]!,
    locateMaxMs: latencies.at(-1)!,
    hexRes7Ms,
    hexRes8Ms,
  };
}
