// Valid areas built to be as expensive as the limits allow (docs/SERVICE.md, "Limits": 100,000
// vertices, 5 MiB bodies), for the bench and the tests that hold every request's cost to its size. Each
// one is a legal summarize body: closed rings, no ring crossing itself, under the vertex cap.
export const MAX_AREA_VERTICES = 100_000;

/** About the demo county (Sangamon, IL): where the demo fabric's locations are. */
export const COUNTY_EXTENT = { west: -89.99, south: 39.53, east: -89.18, north: 40.01 } as const;

export interface WorstCaseArea {
  name: string;
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
  vertices: number;
}

type Ring = GeoJSON.Position[];

// Seven decimals (about 1 cm) keep a 100,000-vertex body near 2.5 MB, under the 5 MiB cap.
const r7 = (v: number) => Math.round(v * 1e7) / 1e7;
const pt = (x: number, y: number): GeoJSON.Position => [r7(x), r7(y)];
const close = (ring: Ring): Ring => [...ring, ring[0]!];
const count = (rings: Ring[]) => rings.reduce((n, r) => n + r.length, 0);

/**
 * A comb: `teeth` teeth all spanning the same latitudes, side by side across the county, on
 * a spine along its south edge. Every horizontal line through the teeth crosses all of them.
 */
export function comb(vertices = MAX_AREA_VERTICES): WorstCaseArea {
  const { west, south, east, north } = COUNTY_EXTENT;
  const teeth = Math.floor((vertices - 3) / 4);
  const dx = (east - west) / teeth;
  const ring: Ring = [];
  for (let k = 0; k < teeth; k++) {
    const x = west + k * dx;
    ring.push(pt(x, north), pt(x + dx / 2, north), pt(x + dx / 2, south + 0.01));
    ring.push(pt(x + dx, south + 0.01));
  }
  ring.push(pt(east, south), pt(west, south));
  const rings = [close(ring)];
  return {
    name: `comb of ${teeth} teeth`,
    geometry: { type: 'Polygon', coordinates: rings },
    vertices: count(rings),
  };
}

/**
 * A spiral strip: out along r = a + bθ and back along r - w, 8 vertices a turn, so a line
 * through the centre crosses four edges per turn (thousands of turns at the limit).
 */
export function spiral(vertices = MAX_AREA_VERTICES): WorstCaseArea {
  const { west, south, east, north } = COUNTY_EXTENT;
  const cx = (west + east) / 2;
  const cy = (south + north) / 2;
  const perPath = Math.floor((vertices - 1) / 2);
  const steps = 8;
  const turns = perPath / steps;
  const radius = (north - south) / 2;
  const pitch = radius / (turns + 1);
  const width = pitch / 2;
  const at = (k: number, inset: number) => {
    const theta = (2 * Math.PI * k) / steps;
    const r = pitch + (pitch * k) / steps - inset;
    return pt(cx + r * Math.cos(theta), cy + r * Math.sin(theta));
  };
  const ring: Ring = [];
  for (let k = 0; k < perPath; k++) ring.push(at(k, 0));
  for (let k = perPath - 1; k >= 0; k--) ring.push(at(k, width));
  const rings = [close(ring)];
  return {
    name: `spiral of ${Math.round(turns)} turns`,
    geometry: { type: 'Polygon', coordinates: rings },
    vertices: count(rings),
  };
}

function square(x: number, y: number, side: number, clockwise: boolean): Ring {
  const ring = [pt(x, y), pt(x + side, y), pt(x + side, y + side), pt(x, y + side)];
  return close(clockwise ? ring.reverse() : ring);
}

/** Squares on a grid over the county: `n` of them, a cell's width apart. */
function squareGrid(n: number, clockwise: boolean): Ring[] {
  const { west, south, east, north } = COUNTY_EXTENT;
  const cols = Math.ceil(Math.sqrt(n * ((east - west) / (north - south))));
  const rows = Math.ceil(n / cols);
  const cell = Math.min((east - west) / (cols + 1), (north - south) / (rows + 1));
  const out: Ring[] = [];
  for (let k = 0; k < n; k++) {
    const x = west + cell * (0.5 + (k % cols));
    const y = south + cell * (0.5 + Math.floor(k / cols));
    out.push(square(x, y, cell / 2, clockwise));
  }
  return out;
}

/** The county's rectangle with as many square holes as the limit leaves room for. */
export function holes(vertices = MAX_AREA_VERTICES): WorstCaseArea {
  const { west, south, east, north } = COUNTY_EXTENT;
  const shell = close([pt(west, south), pt(east, south), pt(east, north), pt(west, north)]);
  const inner = squareGrid(Math.floor((vertices - 5) / 5), true);
  const rings = [shell, ...inner];
  return {
    name: `${inner.length} holes`,
    geometry: { type: 'Polygon', coordinates: rings },
    vertices: count(rings),
  };
}

/** A MultiPolygon of as many small square parts as the limit allows. */
export function manyParts(vertices = MAX_AREA_VERTICES): WorstCaseArea {
  const parts = squareGrid(Math.floor(vertices / 5), false);
  return {
    name: `MultiPolygon of ${parts.length} squares`,
    geometry: { type: 'MultiPolygon', coordinates: parts.map((ring) => [ring]) },
    vertices: count(parts),
  };
}

/**
 * A MultiPolygon of thin triangles that each cross the whole county, half leaning one way and
 * half the other, so they overlap everywhere: every part's box is the county's.
 */
export function overlappingParts(vertices = MAX_AREA_VERTICES): WorstCaseArea {
  const { west, south, east, north } = COUNTY_EXTENT;
  const n = Math.floor(vertices / 4);
  const dx = (east - west) / n;
  const parts: Ring[] = [];
  for (let k = 0; k < n; k++) {
    const x = west + k * dx;
    const top = k % 2 === 0 ? x : east - (x - west);
    parts.push(close([pt(x, south), pt(x + dx * 0.9, south), pt(top, north)]));
  }
  return {
    name: `MultiPolygon of ${n} overlapping triangles`,
    geometry: { type: 'MultiPolygon', coordinates: parts.map((ring) => [ring]) },
    vertices: count(parts),
  };
}

/** One ring of `vertices` positions, a wavy circle over most of the county (a detailed boundary). */
export function detailedRing(vertices = MAX_AREA_VERTICES): WorstCaseArea {
  const { west, south, east, north } = COUNTY_EXTENT;
  const cx = (west + east) / 2;
  const cy = (south + north) / 2;
  const n = vertices - 1;
  const ring: Ring = [];
  for (let k = 0; k < n; k++) {
    const t = (2 * Math.PI * k) / n;
    const r = ((north - south) / 2) * (0.9 + 0.08 * Math.sin(97 * t));
    ring.push(pt(cx + r * Math.cos(t), cy + r * Math.sin(t)));
  }
  const rings = [close(ring)];
  return {
    name: `ring of ${vertices} vertices`,
    geometry: { type: 'Polygon', coordinates: rings },
    vertices: count(rings),
  };
}

/**
 * A spiral of 625 turns: about 4.4 million edge tests past the free ones over the demo county,
 * just under the limit (summary-rows.ts), so it is answered: the costliest area accepted.
 */
export function spiralUnderLimit(): WorstCaseArea {
  const area = spiral(10_000);
  return { ...area, name: `${area.name}, under the edge-test limit` };
}

export const WORST_CASE_AREAS = [
  comb,
  spiral,
  spiralUnderLimit,
  holes,
  manyParts,
  overlappingParts,
  detailedRing,
];
