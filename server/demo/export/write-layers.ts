// Parcels, building footprints and roads as GeoJSON (streamed, one feature a line) or, through
// GDAL's ogr2ogr, GeoPackage: the kinds of layer a county or a footprint vendor publishes.
// Coordinates are written as the exact decimals of the packed integers, so a reader gets the
// very doubles the memory store computes.
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { LayerKind } from '../../postgis/layouts';
import {
  COORD_SCALE,
  type Fabric,
  type PackedGeometry,
  firstPart,
} from '../../service/store/fabric';
import { LineSink } from './line-sink';

/** Degrees × 1e7 as an exact decimal: -896500120 → "-89.650012". */
function degrees(v: number): string {
  const sign = v < 0 ? '-' : '';
  const a = Math.abs(v);
  const frac = String(a % COORD_SCALE)
    .padStart(7, '0')
    .replace(/0+$/, '');
  const whole = Math.floor(a / COORD_SCALE);
  return frac ? `${sign}${whole}.${frac}` : `${sign}${whole}`;
}

function part(g: PackedGeometry, p: number): string {
  const out: string[] = [];
  for (let v = g.vertexStart[p]; v < g.vertexStart[p + 1]; v++) {
    out.push(`[${degrees(g.xy[2 * v])},${degrees(g.xy[2 * v + 1])}]`);
  }
  return `[${out.join(',')}]`;
}

function geometry(g: PackedGeometry, f: number, polygon: boolean): string {
  const parts: string[] = [];
  for (let p = firstPart(g, f); p < firstPart(g, f + 1); p++) parts.push(part(g, p));
  // A packed polygon is one outer ring and its holes; a polyline may have several parts.
  if (polygon) return `{"type":"Polygon","coordinates":[${parts.join(',')}]}`;
  if (parts.length === 1) return `{"type":"LineString","coordinates":${parts[0]}}`;
  return `{"type":"MultiLineString","coordinates":[${parts.join(',')}]}`;
}

/** A layer's feature id: the county, a letter per layer, the feature's index zero-padded. */
export function featureId(fabric: Fabric, layer: LayerKind, f: number): string {
  const letter = { parcels: 'P', footprints: 'B', roads: 'R' }[layer];
  return `${fabric.county.geoid}-${letter}${String(f).padStart(8, '0')}`;
}

export async function writeLayerGeoJson(
  fabric: Fabric,
  layer: LayerKind,
  path: string,
): Promise<number> {
  const sink = FeatureSink.open(path);
  await writeLayerFeatures(fabric, layer, sink);
  await sink.close();
  return sink.features;
}

/**
 * A GeoJSON FeatureCollection written one feature a line. The comma after a feature is only
 * known once the next one comes, so each line is held until then: a state's layer is written
 * county after county into one file.
 */
export class FeatureSink {
  private held: string | null = null;
  features = 0;

  private constructor(private readonly sink: LineSink) {}

  static open(path: string): FeatureSink {
    return new FeatureSink(LineSink.open(path));
  }

  async feature(text: string): Promise<void> {
    if (this.features === 0) await this.sink.line('{"type":"FeatureCollection","features":[');
    else await this.sink.line(`${this.held},`);
    this.held = text;
    this.features++;
  }

  async close(): Promise<void> {
    if (this.held === null) await this.sink.line('{"type":"FeatureCollection","features":[');
    else await this.sink.line(this.held);
    await this.sink.line(']}');
    await this.sink.close();
  }
}

/** Every feature of one of the fabric's layers, into an open collection. */
export async function writeLayerFeatures(
  fabric: Fabric,
  layer: LayerKind,
  sink: FeatureSink,
): Promise<void> {
  const g =
    layer === 'parcels'
      ? fabric.parcels.geometry
      : layer === 'footprints'
        ? fabric.footprints.geometry
        : fabric.roads.geometry;
  for (let f = 0; f < g.count; f++) {
    const id = JSON.stringify(featureId(fabric, layer, f));
    const props =
      layer === 'roads'
        ? `{"road_id":${id},"name":${JSON.stringify(fabric.roads.name[f])},"road_class":${fabric.roads.roadClass[f]}}`
        : `{"${layer === 'parcels' ? 'parcel_id' : 'footprint_id'}":${id}}`;
    await sink.feature(
      `{"type":"Feature","properties":${props},"geometry":${geometry(g, f, layer !== 'roads')}}`,
    );
  }
}

/** GeoJSON → GeoPackage with ogr2ogr; the GeoJSON is removed once converted. */
export async function convertToGpkg(geojson: string, gpkg: string, layer: string): Promise<void> {
  const run = spawnSync('ogr2ogr', ['-f', 'GPKG', '-nln', layer, gpkg, geojson], {
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    const why = run.error ? run.error.message : run.stderr.trim();
    throw new Error(`ogr2ogr could not write ${gpkg}: ${why}`);
  }
  await rm(geojson);
}
