// The area and its hexagons as one GeoJSON file (README, "Location list"): the area first (its
// name, the releases, the filters and the date, so the file says what it counts), then one
// polygon per H3 res-8 cell of its location list with the cell's counts. Names without a
// suffix are the map's release; comparing, `_b` names the compared one and `net_*` are
// after − before, as on the net-change hexagons.
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Side } from '../../../../shared/fixed-change-hex';
import { FIXED_LOCATION_STATUSES } from '../../../../shared/fixed-status';
import { cellPolygon } from '../../../lib/geo/h3';
import {
  bslsOf,
  HEX_RESOLUTION,
  netChanges,
  shortShare,
  type HexCell,
  type HexTally,
  type SideCounts,
} from './hex-tally';
import type { ListContext, Release } from './location-list-rows';
import { stampProperties } from '../file-stamp';

export interface AreaHexesInput {
  name: string;
  geometry: Polygon | MultiPolygon;
  context: ListContext;
  tally: HexTally;
  generated: Date;
  /** Where the data came from, in words (useCapabilities().stamp); every file says so. */
  source: string;
}

type Props = Record<string, string | number>;

function sideProps(s: SideCounts, suffix: string): Props {
  const props: Props = { [`locations${suffix}`]: s.locations, [`bsls${suffix}`]: bslsOf(s) };
  for (const status of FIXED_LOCATION_STATUSES) props[`${status}${suffix}`] = s.locationsBy[status];
  // Every unit once: "no offers" is a part of "unserved".
  props[`units${suffix}`] = FIXED_LOCATION_STATUSES.filter((k) => k !== 'nooffers')
    .map((k) => s.unitsBy[k])
    .reduce((x, y) => x + y, 0);
  for (const status of FIXED_LOCATION_STATUSES)
    props[`${status}_units${suffix}`] = s.unitsBy[status];
  props[`share${suffix}`] = shortShare(s);
  return props;
}

export function hexagonFeature(cell: HexCell, earlier: Side): Feature<Polygon, Props> {
  return {
    type: 'Feature',
    geometry: cellPolygon(cell.h3),
    properties: {
      kind: 'hexagon',
      h3: cell.h3,
      ...sideProps(cell.a, ''),
      ...(cell.b ? sideProps(cell.b, '_b') : {}),
      ...netChanges(cell, earlier),
    },
  };
}

const releaseText = (r: Release) => `fabric ${r.fabric}, coverage ${r.coverage}`;

function areaProps(input: AreaHexesInput, hexagons: number): Props {
  const { context: ctx } = input;
  const props: Props = {
    kind: 'area',
    ...stampProperties({
      area: input.name,
      release: ctx.a,
      compared: ctx.b,
      filters: ctx.filters,
      generated: input.generated,
      source: input.source,
    }),
  };
  if (ctx.b) {
    const before = ctx.earlier === 'a' ? ctx.a : ctx.b;
    props.net_change = `after − before; before is ${releaseText(before)} (${ctx.earlier === 'a' ? 'the counts without a suffix' : 'the _b counts'})`;
  }
  props.h3_resolution = HEX_RESOLUTION;
  props.locations = input.tally.listed;
  props.hexagons = hexagons;
  // Locations the service gave no coordinates for are counted in no hexagon.
  props.unplaced = input.tally.unplaced;
  return props;
}

export function areaHexesGeoJson(input: AreaHexesInput): FeatureCollection {
  const hexagons = input.tally.cells().map((c) => hexagonFeature(c, input.context.earlier));
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: input.geometry,
        properties: areaProps(input, hexagons.length),
      },
      ...hexagons,
    ],
  };
}
