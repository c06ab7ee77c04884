// The store's records rendered in the service's dialect (see dialect.ts): the published guide's
// names (cqaversion as text, {layername}, int/float, firstcqaversion), the seed's (svcversion,
// plain layer names, integer/number, firstsvcversion), or both side by side.
import type { FabricVintage } from '../store/fabric';
import type { FieldDef, HistoryRecord, LayerName } from '../store/store';
import { speaksPublished, type Dialect } from '../../contract/dialect';

export function renderVintage(v: FabricVintage, d: Dialect) {
  const rest = {
    fccrelease: v.fccrelease,
    fccversion: v.fccversion,
    ntiaversion: v.ntiaversion,
    vintagename: v.vintagename,
  };
  // The same number: the published guide writes it as text.
  const cqaversion = String(v.svcversion);
  if (d === 'published') return { vintage: v.vintage, cqaversion, ...rest };
  if (d === 'seed') return { vintage: v.vintage, svcversion: v.svcversion, ...rest };
  return { vintage: v.vintage, svcversion: v.svcversion, cqaversion, ...rest };
}

export function renderLayers(layers: LayerName[], d: Dialect) {
  return speaksPublished(d) ? layers.map((layername) => ({ layername })) : layers;
}

/** The published guide shows `int`; `float` and `text` follow the same short style. */
const PUBLISHED_FIELDTYPE = { integer: 'int', number: 'float', text: 'text' } as const;

export function renderField(f: FieldDef, d: Dialect) {
  const { format, datalevel, fieldtype, ...common } = f;
  return speaksPublished(d)
    ? { ...common, fieldtype: PUBLISHED_FIELDTYPE[fieldtype], format, datalevel }
    : { ...common, fieldtype };
}

export function renderHistory(r: HistoryRecord, d: Dialect) {
  const { location_id, firstsvcversion, lastsvcversion, re_location_id } = r;
  const published = { firstcqaversion: firstsvcversion, lastcqaversion: lastsvcversion };
  const seed = { firstsvcversion, lastsvcversion };
  if (d === 'published') return { location_id, ...published, re_location_id };
  if (d === 'seed') return { location_id, ...seed, re_location_id };
  return { location_id, ...seed, ...published, re_location_id };
}
