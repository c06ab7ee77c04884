// Mobile coverage per H3 resolution-9 cell of the county, per release: each carrier's best
// tower sets the cell's signal (falling with distance, with terrain shadowing), which decides
// the 4G LTE and 5G-NR tiers offered outdoors and in vehicles. Cells nobody reaches have no
// records at all.
import { cellToLatLng, h3IndexToSplitLong, polygonToCells } from 'h3-js';
import type { MobileCoverage, Provider } from '../service/store/fabric';
import type { CountyGeo } from './county';
import { growI16, growU16, growU8 } from './growable';
import { Rng, valueNoise } from './prng';
import type { TownPlan } from './town-plan';
import { VINTAGE_COUNT } from './vintages';

export const MOBILE_CARRIERS: Provider[] = [
  { providerId: 340012, frn: '0016634205', brandName: 'Meridian Mobile' },
  { providerId: 340027, frn: '0024410987', brandName: 'Bluestem Wireless' },
  { providerId: 340035, frn: '0002279154', brandName: 'Canopy Cellular' },
  { providerId: 340041, frn: '0033018862', brandName: 'Illini Connect' },
];

interface Tower {
  x: number;
  y: number;
  /** Release the tower goes up, and the release it gains 5G (255 never). */
  from: number;
  nrFrom: number;
  /** Mid-band 5G (35/3) from that release: city and town sites only. */
  midBand: boolean;
}

/** Towers per carrier: several in the city, one in most towns, rural sites along the grid. */
function placeTowers(geo: CountyGeo, plans: readonly TownPlan[], seed: number): Tower[][] {
  const rng = new Rng(seed);
  // Rural sites tuned on Sangamon's area, scaled to the county's (the same for Sangamon).
  const rural = [26, 18, 11, 8].map((n) => Math.max(1, Math.round(n * geo.areaRatio)));
  return MOBILE_CARRIERS.map((_, c) => {
    const towers: Tower[] = [];
    const nr = (early: number) => (rng.chance(0.85) ? early + rng.int(VINTAGE_COUNT - early) : 255);
    for (const p of plans) {
      const sites = p.isCity
        ? 9 - c * 2
        : p.targetLocations > 1500
          ? 1
          : rng.chance(0.5 - c * 0.1)
            ? 1
            : 0;
      for (let k = 0; k < sites; k++) {
        const d = p.disks[k % p.disks.length];
        towers.push({
          x: d.x + rng.range(-0.5, 0.5) * d.r,
          y: d.y + rng.range(-0.5, 0.5) * d.r,
          from: 0,
          nrFrom: nr(0),
          midBand: true,
        });
      }
    }
    const count = rural[c];
    for (let k = 0; k < count; k++) {
      const x = rng.range(geo.minX, geo.maxX);
      const y = rng.range(geo.minY, geo.maxY);
      towers.push({
        x,
        y,
        from: rng.chance(0.8) ? 0 : 1 + rng.int(VINTAGE_COUNT - 1),
        nrFrom: nr(1),
        midBand: false,
      });
    }
    return towers;
  });
}

/** Received signal in dBm at distance d meters, before shadowing. */
function pathSignal(d: number): number {
  return -62 - 33 * Math.log10(Math.max(d, 150) / 150);
}

export function buildMobileCoverage(
  geo: CountyGeo,
  plans: readonly TownPlan[],
  vintages: readonly string[],
  seed: number,
): MobileCoverage[] {
  const cells: string[] = [];
  for (const poly of geo.boundary.coordinates)
    cells.push(...polygonToCells(poly as number[][][], 9, true));
  const unique = [...new Set(cells)];
  const split = unique.map((c) => h3IndexToSplitLong(c).map((h) => h >>> 0));
  const order = unique
    .map((_, i) => i)
    .sort((a, b) => split[a][1] - split[b][1] || split[a][0] - split[b][0]);
  const n = order.length;
  const cx = new Float64Array(n);
  const cy = new Float64Array(n);
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  order.forEach((src, k) => {
    const [lat, lng] = cellToLatLng(unique[src]);
    cx[k] = geo.projection.x(lng);
    cy[k] = geo.projection.y(lat);
    high[k] = split[src][1] >>> 0;
    low[k] = split[src][0] >>> 0;
  });
  const towers = placeTowers(geo, plans, seed);
  // Creek bottoms and tree lines shadow some cells by up to 14 dB, the same in every release.
  const shadows = towers.map((_, c) =>
    Float64Array.from(cx, (x, k) => 14 * valueNoise(seed + c, x, cy[k], 2500) ** 2),
  );

  return vintages.slice(0, VINTAGE_COUNT).map((vintage, v) => {
    const carrier = growU8(n * 8);
    const technology = growU8(n * 8);
    const mindown = growU16(n * 8);
    const minup = growU16(n * 8);
    const minsignal = growI16(n * 8);
    const environment = growU8(n * 8);
    const start = new Uint32Array(n + 1);
    let kept = 0;
    const keptHigh = new Uint32Array(n);
    const keptLow = new Uint32Array(n);
    // Closures are made once per release, not per cell: this loop runs for every cell.
    const add = (c: number, tech: number, d: number, u: number, signal: number, env: number) => {
      carrier.push(c);
      technology.push(tech);
      mindown.push(d);
      minup.push(u);
      minsignal.push(Math.round(signal));
      environment.push(env);
    };
    /** pathSignal of tower `i` of `list` at cell k; -Infinity when there is none (-1). */
    const signalAt = (list: readonly Tower[], i: number, k: number) =>
      i < 0 ? -Infinity : pathSignal(Math.hypot(cx[k] - list[i].x, cy[k] - list[i].y));
    for (let k = 0; k < n; k++) {
      const first = carrier.length;
      for (let c = 0; c < towers.length; c++) {
        const list = towers[c];
        // The signal only falls with distance: the strongest tower of each kind is the nearest.
        let all = -1;
        let nr = -1;
        let mid = -1;
        let dAll = Infinity;
        let dNr = Infinity;
        let dMid = Infinity;
        for (let i = 0; i < list.length; i++) {
          const t = list[i];
          if (t.from > v) continue;
          const d2 = (cx[k] - t.x) ** 2 + (cy[k] - t.y) ** 2;
          if (d2 < dAll) {
            dAll = d2;
            all = i;
          }
          if (t.nrFrom > v) continue;
          if (d2 < dNr) {
            dNr = d2;
            nr = i;
          }
          if (t.midBand && d2 < dMid) {
            dMid = d2;
            mid = i;
          }
        }
        const best = signalAt(list, all, k);
        const nrBest = signalAt(list, nr, k);
        const midBest = signalAt(list, mid, k);
        for (let env = 0; env <= 1; env++) {
          const loss = shadows[c][k] + (env === 1 ? 8 : 0);
          if (best - loss >= -118) add(c, 4, 5, 1, best - loss, env);
          if (nrBest - loss >= -112) add(c, 5, 7, 1, nrBest - loss, env);
          if (midBest - loss >= -98) add(c, 5, 35, 3, midBest - loss, env);
        }
      }
      if (carrier.length === first) continue;
      keptHigh[kept] = high[k];
      keptLow[kept] = low[k];
      start[kept] = first;
      kept++;
    }
    start[kept] = carrier.length;
    return {
      vintage,
      cellHigh: keptHigh.slice(0, kept),
      cellLow: keptLow.slice(0, kept),
      start: start.slice(0, kept + 1),
      carrier: carrier.toArray(),
      technology: technology.toArray(),
      mindown: mindown.toArray(),
      minup: minup.toArray(),
      minsignal: minsignal.toArray(),
      environment: environment.toArray(),
    };
  });
}
