// Which towns exist, how big they are and what shape they take. In Sangamon County sizes follow
// the places' real relative populations (rounded); elsewhere a place's ZIP codes stand in for its
// population (the project holds no population figures). Shapes are synthetic: a union of noisy disks, one per ZIP
// zone, so Springfield spreads over its several ZIP centroids.
import { COUNTY, type CountyGeo } from './county';
import { Rng } from './prng';

/** Approximate relative populations; unknown places count as hamlets. */
const POPULATION: Record<string, number> = {
  Springfield: 114_000,
  Chatham: 14_000,
  Auburn: 4_700,
  Sherman: 4_500,
  Rochester: 4_000,
  Riverton: 3_400,
  Pawnee: 2_700,
  Williamsville: 1_500,
  'New Berlin': 1_300,
  Divernon: 1_100,
  Illiopolis: 800,
  'Pleasant Plains': 800,
  Loami: 800,
  Thayer: 700,
  Buffalo: 500,
  Dawson: 500,
  Mechanicsburg: 400,
  Glenarm: 300,
  Cantrall: 150,
  Lowder: 100,
};
const HAMLET = 200;

/** A place outside Sangamon by its ZIP codes: about 3,000 people a code, small towns 1,200. */
function populationByZips(zips: number): number {
  return zips <= 1 ? 1_200 : 3_000 * zips;
}

export interface Disk {
  x: number;
  y: number;
  r: number;
  phase1: number;
  phase2: number;
}

export interface TownPlan {
  index: number;
  name: string;
  isCity: boolean;
  cx: number;
  cy: number;
  disks: Disk[];
  /** Grid rotation in radians; the city keeps a north–south grid. */
  rotation: number;
  targetLocations: number;
  /** Street and lot dimensions in meters. */
  blockDepth: number;
  roadWidth: number;
  crossSpacing: number;
  frontage: number;
  /** Share of lots built as apartment buildings, before distance to the center. */
  apartmentShare: number;
}

/** Noisy disk membership: radius wobbles with the angle so edges look organic. */
export function inDisk(d: Disk, x: number, y: number): boolean {
  const dx = x - d.x;
  const dy = y - d.y;
  const dist2 = dx * dx + dy * dy;
  const outer = d.r * 1.2;
  if (dist2 > outer * outer) return false;
  const a = Math.atan2(dy, dx);
  const r = d.r * (1 + 0.12 * Math.sin(3 * a + d.phase1) + 0.07 * Math.sin(5 * a + d.phase2));
  return dist2 < r * r;
}

export function inTown(t: TownPlan, x: number, y: number): boolean {
  for (const d of t.disks) if (inDisk(d, x, y)) return true;
  return false;
}

/** Grid-estimated area (m²) of the union of the plan's disks at a trial radius scale. */
function unionArea(centers: { x: number; y: number }[], r: number): number {
  const step = Math.max(25, r / 25);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of centers) {
    minX = Math.min(minX, c.x - r);
    maxX = Math.max(maxX, c.x + r);
    minY = Math.min(minY, c.y - r);
    maxY = Math.max(maxY, c.y + r);
  }
  let hits = 0;
  for (let x = minX + step / 2; x < maxX; x += step)
    for (let y = minY + step / 2; y < maxY; y += step)
      if (centers.some((c) => (x - c.x) ** 2 + (y - c.y) ** 2 < r * r)) hits++;
  return hits * step * step;
}

export function planTowns(
  geo: CountyGeo,
  totalLocations: number,
  seed: number,
): {
  plans: TownPlan[];
  ruralTarget: number;
} {
  const rng = new Rng(seed);
  // Density against the 85,000 locations of Sangamon's own area (areaRatio 1 there).
  const scale = totalLocations / 85_000 / geo.areaRatio;
  const names: string[] = [];
  for (const t of geo.towns) if (!names.includes(t.name)) names.push(t.name);
  const pop =
    geo.id.geoid === COUNTY.geoid
      ? (n: string) => POPULATION[n] ?? HAMLET
      : (n: string) => populationByZips(geo.zipsOfPlace.get(n) ?? 0);
  // The largest place first: later towns give way where shapes would overlap.
  names.sort((a, b) => pop(b) - pop(a) || (a < b ? -1 : 1));
  const totalPop = names.reduce((s, n) => s + pop(n), 0);
  // Denser fabrics pack towns tighter (narrower lots, more apartments) and grow rural less.
  const ruralShare = 0.17 / Math.pow(scale, 0.25);
  const townTotal = totalLocations * (1 - ruralShare);
  const frontage = Math.max(10, 18 / Math.pow(scale, 0.2));
  const plans = names.map((name, index): TownPlan => {
    const zones = geo.towns.filter((t) => t.name === name);
    const centers = zones.map((t) => ({ x: geo.projection.x(t.lng), y: geo.projection.y(t.lat) }));
    const isCity = index === 0;
    const blockDepth = isCity ? Math.max(28, 42 / Math.pow(scale, 0.15)) : rng.range(38, 50);
    const roadWidth = isCity ? 12 : 10;
    const crossSpacing = isCity ? 190 : rng.range(150, 230);
    const apartmentShare = Math.min(0.5, (isCity ? 0.06 : 0.02) * Math.pow(scale, 0.5));
    const targetLocations = Math.round((townTotal * pop(name)) / totalPop);
    // Lots per m² of town from the street pattern; locations per lot rise with apartments.
    const lotsPerM2 =
      (2 / (2 * blockDepth + roadWidth)) * (1 / (frontage * 1.05)) * (1 - 22 / crossSpacing);
    const locsPerLot = 1 + apartmentShare * 2;
    const area = (targetLocations * 1.15) / (lotsPerM2 * locsPerLot * 0.8);
    let lo = 100;
    let hi = 20_000;
    for (let i = 0; i < 18; i++) {
      const mid = (lo + hi) / 2;
      if (unionArea(centers, mid) < area) lo = mid;
      else hi = mid;
    }
    const disks = centers.map((c) => ({
      x: c.x,
      y: c.y,
      r: lo,
      phase1: rng.range(0, 2 * Math.PI),
      phase2: rng.range(0, 2 * Math.PI),
    }));
    const cx = centers.reduce((s, c) => s + c.x, 0) / centers.length;
    const cy = centers.reduce((s, c) => s + c.y, 0) / centers.length;
    return {
      index,
      name,
      isCity,
      cx,
      cy,
      disks,
      rotation: isCity ? 0 : rng.chance(0.5) ? 0 : rng.range(-0.3, 0.3),
      targetLocations,
      blockDepth,
      roadWidth,
      crossSpacing,
      frontage: isCity ? frontage : frontage * 1.2,
      apartmentShare,
    };
  });
  return { plans, ruralTarget: Math.round(totalLocations * ruralShare) };
}
