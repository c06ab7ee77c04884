// One hexagon of the `fixed_hex` layer (docs/architecture.md, "The fixed broadband path"): an H3 cell's ring and its counts under the
// filters, with the share and the few-BSLs flag the map shades by. Every store draws its cells
// with this, so their hexagons carry the same properties.

/** A cell's counts: every location of the fabric vintage, its BSLs in the release by status. */
export interface CellCounts {
  locations: number;
  bsls: number;
  served: number;
  underserved: number;
  unserved: number;
  notinrelease: number;
}

export function hexCellFeature(
  h3: string,
  ring: GeoJSON.Position[],
  n: CellCounts,
): GeoJSON.Feature {
  const short = n.unserved + n.underserved;
  return {
    type: 'Feature',
    properties: {
      h3,
      locations: n.locations,
      bsls: n.bsls,
      served: n.served,
      underserved: n.underserved,
      unserved: n.unserved,
      notinrelease: n.notinrelease,
      share: n.bsls === 0 ? 0 : Math.round((short / n.bsls) * 1000) / 1000,
      few: n.bsls < 10 ? 1 : 0,
    },
    geometry: { type: 'Polygon', coordinates: [ring] },
  };
}
