// The seeded demo fabric of one county (Sangamon County, IL, unless another is named): towns at
// their real ZIP centroids, rural section roads and farms, five releases of locations, fixed and
// mobile coverage. Pure and deterministic: the same seed and size always give the same fabric,
// byte for byte.
import type { Fabric, Provider } from '../service/store/fabric';
import { assembleLocations } from './assemble-locations';
import { COUNTY, loadCounty, type CountyGeo } from './county';
import { BUILDING_TYPES, FabricBuilder, LAND_USES } from './fabric-builder';
import { buildFixedCoverage, FIXED_PROVIDERS, type CoverageInputs } from './fixed-coverage';
import { FIRST_LOCATION_ID, runLifecycle } from './lifecycle';
import { buildMobileCoverage, MOBILE_CARRIERS } from './mobile-coverage';
import { deriveSeed, Rng } from './prng';
import { emitRural } from './rural';
import { layOutConnectors, layOutSectionRoads } from './section-roads';
import { layOutTownGrid } from './town-grid';
import { emitTownLots } from './town-buildings';
import { LOT_STRIDE, planLots } from './town-lots';
import { planTowns, type TownPlan } from './town-plan';
import { DEMO_VINTAGES } from './vintages';

export const DEFAULT_LOCATIONS = 85_000;
export const DEFAULT_SEED = 20250630;

/** Locations ever created per location wanted in the newest release (retired ones included). */
export const EVER_PER_CURRENT = 1.06;

let lastCounty: CountyGeo | null = null;
/**
 * A county's geometry never changes between calls: read and projected once. Only the last one
 * is kept, so a state generated county by county holds one at a time.
 */
function countyGeo(geoid: string = COUNTY.geoid): CountyGeo {
  if (lastCounty?.id.geoid !== geoid) lastCounty = loadCounty(geoid);
  return lastCounty;
}

export interface GenerateOptions {
  seed: number;
  locations: number;
  /** The county's GEOID: the demo's own (Sangamon County, IL) when not given. */
  geoid?: string;
  /** The first location_id may be no lower: a state's counties take consecutive id ranges. */
  firstLocationId?: number;
  /** The fixed providers by role (fixed-coverage.ts); the demo county's own when not given. */
  fixedProviders?: readonly Provider[];
  /**
   * The size is a state's share (export-state.ts): a small county falling short of it is laid
   * out again asking for more, and a full one answers what it holds instead of being refused
   * (the state gives the rest to its later counties).
   */
  stateShare?: boolean;
}

/** A count of features tuned on Sangamon, scaled to a county's area (the same for Sangamon). */
function byArea(geo: CountyGeo, count: number): number {
  return Math.max(1, Math.round(count * geo.areaRatio));
}

function layOutTowns(geo: CountyGeo, plans: TownPlan[], b: FabricBuilder, seed: number): void {
  const rng = new Rng(deriveSeed(seed, 'towns'));
  const birthSeed = deriveSeed(seed, 'town-births');
  plans.forEach((plan, k) => {
    const earlier = plans.slice(0, k);
    const grid = layOutTownGrid(plan, geo, earlier, b.roads, rng);
    const lots = planLots(grid, geo, earlier, rng);
    let capacity = 0;
    for (let i = 5; i < lots.length; i += LOT_STRIDE) capacity += lots[i];
    const occupancy = capacity > 0 ? Math.min(1, plan.targetLocations / capacity) : 0;
    emitTownLots(grid, lots, b, rng, { planIndex: k, occupancy, birthSeed });
  });
}

function coverageInputs(
  geo: CountyGeo,
  plans: TownPlan[],
  b: FabricBuilder,
  fabric: Pick<Fabric, 'locations'>,
  order: Uint32Array,
  seed: number,
): CoverageInputs {
  const loc = fabric.locations;
  const n = loc.count;
  const rng = new Rng(deriveSeed(seed, 'coverage-plant'));
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const plan = new Int16Array(n);
  const toOffice = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    xs[k] = b.locations.x.get(i);
    ys[k] = b.locations.y.get(i);
    plan[k] = b.locations.plan.get(i);
    let best = Infinity;
    for (const p of plans) best = Math.min(best, (p.cx - xs[k]) ** 2 + (p.cy - ys[k]) ** 2);
    toOffice[k] = Math.sqrt(best);
  }
  const cableTown = Uint8Array.from(plans, (p) =>
    p.isCity || p.targetLocations > 1200 || rng.chance(0.3) ? 1 : 0,
  );
  const telcoFiberFrom = Uint8Array.from(plans, (p) =>
    !p.isCity && rng.chance(0.5) ? 1 + rng.int(4) : 255,
  );
  const towers = (count: number) => {
    const t = new Float64Array(count * 2);
    for (let k = 0; k < count; k++) {
      t[2 * k] = rng.range(geo.minX, geo.maxX);
      t[2 * k + 1] = rng.range(geo.minY, geo.maxY);
    }
    return t;
  };
  return {
    count: n,
    x: xs,
    y: ys,
    presence: loc.presence,
    bslFlag: loc.bslFlag,
    buildingType: loc.buildingType,
    plan,
    toOffice,
    cableTown,
    telcoFiberFrom,
    licensedTowers: towers(byArea(geo, 7)),
    unlicensedTowers: towers(byArea(geo, 6)),
    cbrsTowers: towers(byArea(geo, 5)),
  };
}

/**
 * The one county fills up: past about four million locations its towns and farms have no room
 * left and the generator makes fewer than asked. Refused rather than answered smaller, so a
 * benchmark never reports a size it did not measure.
 */
export function checkDemoSize(asked: number, made: number, county = 'the demo county'): void {
  const planned = Math.round(asked * EVER_PER_CURRENT);
  if (made >= 0.9 * planned) return;
  const most = Math.floor(made / EVER_PER_CURRENT);
  throw new Error(
    `${county} holds about ${most.toLocaleString('en-US')} current locations at most; ${asked.toLocaleString('en-US')} were asked (ask for fewer)`,
  );
}

/** Towns, roads, rural spread and lifecycles of `ever` locations ever created. */
function layOut(geo: CountyGeo, ever: number, seed: number, firstLocationId: number) {
  const { plans, ruralTarget } = planTowns(geo, ever, deriveSeed(seed, 'plan'));
  const b = new FabricBuilder();
  layOutTowns(geo, plans, b, seed);
  const roadRng = new Rng(deriveSeed(seed, 'rural-roads'));
  const grid = layOutSectionRoads(geo, plans, b.roads, roadRng);
  layOutConnectors(geo, plans, b.roads, roadRng);
  emitRural(geo, plans, grid, b, new Rng(deriveSeed(seed, 'rural')), {
    target: ruralTarget,
    seed: deriveSeed(seed, 'rural-zones'),
  });
  const life = runLifecycle(b.locations, new Rng(deriveSeed(seed, 'lifecycle')), firstLocationId);
  const locs = assembleLocations(geo, plans, b.locations, life, deriveSeed(seed, 'zip4'));
  return { plans, b, life, locs };
}

/** More layouts a short county may take (stateShare), each asking more in proportion. */
const TOP_UPS = 3;
/** Past this a county short of its size is full, not small: refused without asking again. */
const TOP_UP_MOST = 100_000;

export function generateFabric({
  seed,
  locations,
  geoid,
  firstLocationId = FIRST_LOCATION_ID,
  fixedProviders = FIXED_PROVIDERS,
  stateShare = false,
}: GenerateOptions): Fabric {
  const geo = countyGeo(geoid);
  const ever = Math.round(locations * EVER_PER_CURRENT);
  let laid = layOut(geo, ever, seed, firstLocationId);
  // Tiny towns waste more of their area at the edges than the plan allows for, so a small
  // share in a small county can come out short of the size check: asked again for more.
  const tries = stateShare && ever <= TOP_UP_MOST ? TOP_UPS : 0;
  for (let k = 0, ask = ever; k < tries && laid.locs.count < 0.9 * ever; k++) {
    ask = Math.round((ask * ever) / laid.locs.count);
    laid = layOut(geo, ask, seed, firstLocationId);
  }
  const { plans, b, life, locs } = laid;
  if (!stateShare) checkDemoSize(locations, locs.count, geoid && geo.id.name);
  const vintages = DEMO_VINTAGES.map((v) => ({ ...v }));
  const vintageNames = vintages.map((v) => v.vintage);
  const inputs = coverageInputs(geo, plans, b, { locations: locs }, life.order, seed);
  return {
    seed,
    county: { ...geo.id, boundary: geo.boundary },
    vintages,
    towns: geo.towns.map((t) => ({ ...t })),
    codes: { buildingType: [...BUILDING_TYPES], landUse: [...LAND_USES] },
    roads: {
      geometry: b.roads.geometry.build(geo.projection),
      name: b.roads.names.slice(),
      roadClass: b.roads.roadClass.toArray(),
    },
    parcels: { geometry: b.parcels.build(geo.projection) },
    footprints: {
      geometry: b.footprints.build(geo.projection),
      parcel: b.footprintParcel.toArray(),
    },
    locations: locs,
    fixedProviders: fixedProviders.map((p) => ({ ...p })),
    fixedCoverage: buildFixedCoverage(inputs, vintageNames, deriveSeed(seed, 'fixed')),
    mobileCarriers: MOBILE_CARRIERS.map((p) => ({ ...p })),
    mobileCoverage: buildMobileCoverage(geo, plans, vintageNames, deriveSeed(seed, 'mobile')),
  };
}
