// The catalogue operations over PostGIS: releases, coverage vintages and layers as the store read
// them when it opened (context.ts), fields from the contract's catalogue (both stores answer
// the same definitions). Copies, so a caller that edits an answer changes nothing here.
import type { FabricVintage } from '../fabric';
import { layerFields } from '../contract';
import type { FieldDef, LayerName } from '../store';
import type { PgContext } from './context';

const LAYERS: LayerName[] = ['locations', 'parcels', 'footprints'];

export function fabricVintages(ctx: PgContext): Promise<FabricVintage[]> {
  return Promise.resolve(ctx.vintages.map((v) => ({ ...v })));
}

export function coverageVintages(ctx: PgContext): Promise<string[]> {
  return Promise.resolve(ctx.coverageVintages.slice());
}

export function layers(_ctx: PgContext): Promise<LayerName[]> {
  return Promise.resolve(LAYERS.slice());
}

export function fields(ctx: PgContext, vintage: string, layer: LayerName): Promise<FieldDef[]> {
  // A release the database does not hold has no fields, as the memory store answers.
  return Promise.resolve(ctx.vintageIndex(vintage) < 0 ? [] : layerFields(layer));
}
