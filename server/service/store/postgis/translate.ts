// translate over PostGIS: location_id ↔ uuid of the locations layer in one release, as the memory
// store answers it (memory/ops/translate.ts): the location must be present in the release; a uuid of
// another layer or release names nothing.
import type { IdKind, TranslateRecord } from '../store';
import type { PgContext } from './context';

const LOCATIONS = 0;

const TRANSLATE = (key: string) => `
  SELECT f.location_id::float8 AS location_id, f.feature
    FROM location_features f
    JOIN locations l ON l.vintage = $1 AND l.location_id = f.location_id
   WHERE f.${key} = $2::bigint`;
const BY_ID = TRANSLATE('location_id');
const BY_FEATURE = TRANSLATE('feature');

export async function translate(
  ctx: PgContext,
  vintage: string,
  src: IdKind,
  dest: IdKind,
  id: string,
): Promise<TranslateRecord[]> {
  const vi = ctx.vintageIndex(vintage);
  // Into its own kind there is nothing to translate.
  if (vi < 0 || src === dest) return [];
  let query: [string, string];
  if (src === 'location_id') {
    // Leading zeros read as the memory store reads them: as a number.
    if (!/^\d{1,16}$/.test(id)) return [];
    query = [BY_ID, String(Number(id))];
  } else {
    const t = ctx.codec.decode(id);
    if (!t || t.layer !== LOCATIONS || t.vintageIndex !== vi) return [];
    query = [BY_FEATURE, String(t.feature)];
  }
  const { rows } = await ctx.pool.query<{ location_id: number; feature: number }>(query[0], [
    vintage,
    query[1],
  ]);
  return rows.map((r) => ({
    uuid: ctx.codec.encode({ layer: LOCATIONS, vintageIndex: vi, feature: r.feature }),
    location_id: r.location_id,
  }));
}
