// Fixed broadband availability per release, one BDC-style record per provider × technology at
// a location. Geography: cable in the larger towns, fiber spreading from clusters in the city
// and later along rural co-op routes, DSL nearly everywhere but slow far from a town's central
// office, licensed and unlicensed fixed wireless from rural towers, both satellite kinds
// everywhere. Only broadband-serviceable locations (bsl_flag 1) are reported, as in the BDC.
import type { FixedCoverage, Provider } from '../service/store/fabric';
import { packFixedCoverage } from '../service/store/memory/fixed-offers';
import { growU32, growU8 } from './growable';
import { hashUnit, valueNoise } from './prng';
import { VINTAGE_COUNT } from './vintages';

export const FIXED_PROVIDERS: Provider[] = [
  { providerId: 230011, frn: '0019283746', brandName: 'Capital Cablevision' },
  { providerId: 230027, frn: '0027364510', brandName: 'Lincoln Land Fiber' },
  { providerId: 230034, frn: '0003856211', brandName: 'Heartland Telephone' },
  { providerId: 230049, frn: '0031147209', brandName: 'Prairie Rural Connect' },
  { providerId: 230052, frn: '0008842913', brandName: 'Prairie Air Wireless' },
  { providerId: 230068, frn: '0025519384', brandName: 'OpenRange Internet' },
  { providerId: 230073, frn: '0030071156', brandName: 'Midstate CBRS Networks' },
  { providerId: 230081, frn: '0004417720', brandName: 'Orbitline Satellite' },
  { providerId: 230095, frn: '0029916648', brandName: 'Starfield Internet' },
];
const P = {
  cable: 0,
  cityFiber: 1,
  telco: 2,
  coop: 3,
  licensedFw: 4,
  unlicensedFw: 5,
  cbrs: 6,
  geo: 7,
  ngso: 8,
};

/** What the coverage stage knows of each location, in final (location_id) order. */
export interface CoverageInputs {
  count: number;
  x: Float64Array; // local meters
  y: Float64Array;
  presence: Uint8Array;
  bslFlag: Uint8Array;
  buildingType: Uint8Array; // BT index: 0 R, 1 B, else mixed / other
  /** Town plan index (0 = the city) or -1 in the countryside. */
  plan: Int16Array;
  /** Distance to the nearest town center (the telco's central office), meters. */
  toOffice: Float32Array;
  /** Per town plan: served by the cable company, and the release its telco fiber arrives (255 never). */
  cableTown: Uint8Array;
  telcoFiberFrom: Uint8Array;
  /** Fixed wireless towers, local meters, flat [x, y, ...] per provider kind. */
  licensedTowers: Float64Array;
  unlicensedTowers: Float64Array;
  cbrsTowers: Float64Array;
}

function nearest(towers: Float64Array, x: number, y: number): number {
  let best = Infinity;
  for (let k = 0; k < towers.length; k += 2) {
    const d = (towers[k] - x) ** 2 + (towers[k + 1] - y) ** 2;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

export function buildFixedCoverage(
  inp: CoverageInputs,
  vintages: readonly string[],
  seed: number,
): FixedCoverage[] {
  const out: FixedCoverage[] = [];
  // Tower distances do not change between releases: computed once.
  const dLic = new Float32Array(inp.count);
  const dUnl = new Float32Array(inp.count);
  const dCbrs = new Float32Array(inp.count);
  for (let i = 0; i < inp.count; i++) {
    if (inp.plan[i] === 0) continue; // no fixed wireless marketed inside the city
    dLic[i] = nearest(inp.licensedTowers, inp.x[i], inp.y[i]);
    dUnl[i] = nearest(inp.unlicensedTowers, inp.x[i], inp.y[i]);
    dCbrs[i] = nearest(inp.cbrsTowers, inp.x[i], inp.y[i]);
  }
  for (let v = 0; v < VINTAGE_COUNT; v++) {
    const provider = growU8(inp.count * 5);
    const technology = growU8(inp.count * 5);
    const down = growU32(inp.count * 5);
    const up = growU32(inp.count * 5);
    const lowLatency = growU8(inp.count * 5);
    const br = growU8(inp.count * 5);
    const start = new Uint32Array(inp.count + 1);
    for (let i = 0; i < inp.count; i++) {
      start[i] = provider.length;
      if (!(inp.presence[i] & (1 << v)) || !inp.bslFlag[i]) continue;
      const bt = inp.buildingType[i];
      const brCode =
        bt === 0
          ? hashUnit(seed, i, 7) < 0.7
            ? 0
            : 2
          : bt === 1
            ? hashUnit(seed, i, 7) < 0.6
              ? 1
              : 2
            : 2;
      const add = (p: number, tech: number, d: number, u: number, ll = 1, code = brCode) => {
        provider.push(p);
        technology.push(tech);
        down.push(d);
        up.push(u);
        lowLatency.push(ll);
        br.push(code);
      };
      const x = inp.x[i];
      const y = inp.y[i];
      const plan = inp.plan[i];
      const h = (k: number) => hashUnit(seed, i, k);

      // Cable: larger towns, a few holes (new streets not yet wired), the fringe just outside.
      const inCableTown = plan >= 0 && inp.cableTown[plan] === 1;
      const fringe = plan < 0 && inp.toOffice[i] < 3500 && h(1) < 0.25;
      if ((inCableTown && h(2) < 0.96) || fringe) {
        const [d, u] = v < 2 ? [300, 20] : v < 4 ? [1000, 35] : [1200, 50];
        add(P.cable, 40, d, u);
      }
      // City fiber: clusters that widen every release.
      if (plan === 0 || (plan > 0 && plan < 3)) {
        const n = valueNoise(seed ^ 0x51, x, y, 1800);
        if (n < 0.12 + 0.1 * v) add(P.cityFiber, 50, v < 3 ? 1000 : 2000, v < 3 ? 1000 : 2000);
      }
      // The telephone company: DSL everywhere near its offices, slowing with loop length;
      // fiber to the premises in some villages from a given release.
      const loop = inp.toOffice[i];
      const telcoFiber = plan > 0 && v >= inp.telcoFiberFrom[plan] && h(3) < 0.92;
      if (telcoFiber) add(P.telco, 50, 1000, 500);
      else if (loop < 9000 ? h(4) < 0.94 : h(4) < 0.55) {
        const d = loop < 1200 ? 40 : loop < 2500 ? 25 : loop < 4500 ? 12 : loop < 7000 ? 6 : 3;
        const u = d >= 25 ? 3 : d >= 10 ? 1 : 0.768;
        add(P.telco, 10, d, Math.max(1, Math.round(u)));
      }
      // A rural fiber co-op builds out grant areas from the third release on.
      if (plan < 0 && v >= 2) {
        const n = valueNoise(seed ^ 0x77, x, y, 7000);
        if (n < 0.12 * (v - 1) && h(5) < 0.9) add(P.coop, 50, 1000, 1000);
      }
      // Fixed wireless: speed falls with distance to the tower.
      if (plan !== 0) {
        const dl = dLic[i];
        if (dl < 11000 && h(6) < 0.85) {
          const [d, u] = dl < 4000 ? [100, 20] : dl < 7500 ? [50, 10] : [25, 3];
          add(P.licensedFw, 71, v >= 3 && d === 50 ? 100 : d, v >= 3 && u === 10 ? 20 : u);
        }
        if (dUnl[i] < 7000 && h(8) < 0.7)
          add(P.unlicensedFw, 70, dUnl[i] < 3000 ? 50 : 25, dUnl[i] < 3000 ? 5 : 3);
        if (v >= 2 && dCbrs[i] < 5000 && h(9) < 0.8)
          add(P.cbrs, 72, dCbrs[i] < 2500 ? 100 : 50, dCbrs[i] < 2500 ? 20 : 10);
      }
      // Satellite everywhere: geostationary (high latency) and low-earth-orbit.
      add(P.geo, 60, v < 2 ? 25 : 100, 3, 0, 2);
      add(P.ngso, 61, v < 2 ? 100 : 220, v < 2 ? 10 : 25, 1, 2);
    }
    start[inp.count] = provider.length;
    out.push(
      packFixedCoverage(vintages[v], start, {
        provider: provider.toArray(),
        technology: technology.toArray(),
        down: down.toArray(),
        up: up.toArray(),
        lowLatency: lowLatency.toArray(),
        businessResidential: br.toArray(),
      }),
    );
  }
  return out;
}
