// What changed at one location between two releases (README, "Compare releases"): the provider ×
// technology offers added, dropped or at another speed for the filters' audience, the status at
// each release under the filters, and the change class, by the shared rules the map's rings use
// (shared/fixed-status.ts, shared/fixed-change.ts).
import {
  changeClass,
  changeSide,
  type ChangeClass,
  type ChangeSide,
} from '../../../shared/fixed-change';
import { encodeTiers, type FixedFilters } from '../../../shared/fixed-status';
import { servesAudience, type Audience } from '../../../shared/served-status';
import type { FixedRow } from './fixed-rows';

export type DiffKind = 'added' | 'dropped' | 'faster' | 'slower' | 'mixed' | 'unchanged';

export interface Speeds {
  down: number;
  up: number;
}

export interface DiffRow {
  provider_id: number;
  brand_name: string;
  technology_code: number;
  kind: DiffKind;
  before: Speeds | null;
  after: Speeds | null;
}

/** One release's facts at the location; null when it is not in that release's fabric. */
export interface DiffSide {
  inRelease: boolean;
  bsl: boolean;
  records: readonly FixedRow[];
}

export interface LocationChange {
  before: ChangeSide | null;
  after: ChangeSide | null;
  change: ChangeClass;
  rows: DiffRow[];
}

const keyOf = (r: FixedRow) => `${r.provider_id}/${r.technology_code}`;

/** Each provider × technology's fastest offer to the audience (down, then up). */
function bestOffers(records: readonly FixedRow[], audience: Audience): Map<string, FixedRow> {
  const out = new Map<string, FixedRow>();
  for (const r of records) {
    if (!servesAudience(r, audience)) continue;
    const had = out.get(keyOf(r));
    const faster =
      !had ||
      r.max_advertised_download_speed > had.max_advertised_download_speed ||
      (r.max_advertised_download_speed === had.max_advertised_download_speed &&
        r.max_advertised_upload_speed > had.max_advertised_upload_speed);
    if (faster) out.set(keyOf(r), r);
  }
  return out;
}

const speeds = (r: FixedRow): Speeds => ({
  down: r.max_advertised_download_speed,
  up: r.max_advertised_upload_speed,
});

function speedKind(before: Speeds, after: Speeds): DiffKind {
  const up = after.down > before.down || after.up > before.up;
  const down = after.down < before.down || after.up < before.up;
  if (up && down) return 'mixed';
  if (up) return 'faster';
  if (down) return 'slower';
  return 'unchanged';
}

const ORDER: Record<DiffKind, number> = {
  added: 0,
  dropped: 1,
  faster: 2,
  slower: 3,
  mixed: 4,
  unchanged: 5,
};

/** Provider × technology rows: changes first (added, dropped, faster, slower), then by brand. */
export function offerDiff(
  before: readonly FixedRow[],
  after: readonly FixedRow[],
  audience: Audience,
): DiffRow[] {
  const [a, b] = [bestOffers(before, audience), bestOffers(after, audience)];
  const rows: DiffRow[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const [was, is] = [a.get(key), b.get(key)];
    const any = (is ?? was)!;
    rows.push({
      provider_id: any.provider_id,
      brand_name: any.brand_name,
      technology_code: any.technology_code,
      kind: !was ? 'added' : !is ? 'dropped' : speedKind(speeds(was), speeds(is)),
      before: was ? speeds(was) : null,
      after: is ? speeds(is) : null,
    });
  }
  return rows.sort(
    (x, y) =>
      ORDER[x.kind] - ORDER[y.kind] ||
      x.brand_name.localeCompare(y.brand_name) ||
      x.technology_code - y.technology_code,
  );
}

function sideOf(side: DiffSide | null, filters: FixedFilters): ChangeSide | null {
  if (!side) return null;
  return changeSide(
    {
      inRelease: side.inRelease,
      bsl: side.bsl,
      offers: side.records.length,
      tiers: encodeTiers(side.records, filters.audience),
    },
    filters,
  );
}

/**
 * The location's change from the earlier release to the later one. `equivalent`: a location
 * gone from the later fabric has a retirement equivalent there (history's re_location_id).
 */
export function locationChange(
  before: DiffSide | null,
  after: DiffSide | null,
  filters: FixedFilters,
  equivalent: boolean,
): LocationChange {
  const [b, a] = [sideOf(before, filters), sideOf(after, filters)];
  return {
    before: b,
    after: a,
    change: changeClass(b, a, equivalent),
    rows: offerDiff(before?.records ?? [], after?.records ?? [], filters.audience),
  };
}
