// location_coverage: the coverage fields of each location of a fabric release, from the fixed
// coverage of the same YYYYMM, as the memory store computes them
// (server/service/store/rules/served-status-codes.ts): the BEAD status of the offers sold to
// residences (the location badge's default filters), the best advertised speeds over every
// technology, and the number of distinct providers, and of those offering fiber. A location
// without offers gets zeros (unserved). The BEAD rule is not restated in SQL: each distinct
// offer of the release is given its tier by shared/fixed-status.ts, and SQL takes the best per
// location. Rewritten for a release whose locations or fixed coverage this run loaded, and for
// any release that has none yet.
import type pg from 'pg';
import {
  DEFAULT_FIXED_FILTERS,
  countedTier,
  countingRule,
  statusFromBestTier,
} from '../../../shared/fixed-status';
import { SERVED_STATUS } from '../../service/store/rules/served-status-codes';
import { holdsNoRow, withIndexesAfter } from './indexes-after';

const FIBER = 50;
const AUDIENCE = 'residential';
const RULE = countingRule({ ...DEFAULT_FIXED_FILTERS, audience: AUDIENCE });
/** served_status (SERVED_STATUS index) of each best tier 0..4. */
const STATUS_OF_TIER = [0, 1, 2, 3, 4].map((t) =>
  SERVED_STATUS.indexOf(statusFromBestTier(t, RULE)),
);

interface Offer {
  technology: number;
  down: number;
  up: number;
  low_latency: number;
  br: 'R' | 'B' | 'X';
}

const OFFERS = `
  SELECT DISTINCT technology::int AS technology, max_advertised_download_speed AS down,
         max_advertised_upload_speed AS up, low_latency::int AS low_latency,
         business_residential_code AS br
    FROM fixed_availability WHERE vintage = $1`;

const DERIVE = `
  WITH tiers AS (
    SELECT * FROM unnest($2::smallint[], $3::int[], $4::int[], $5::smallint[], $6::text[],
                         $7::smallint[]) AS t(technology, down, up, low_latency, br, tier))
  INSERT INTO location_coverage
    (vintage, location_id, served_status, max_down_mbps, max_up_mbps, provider_count,
     fiber_provider_count)
  SELECT l.vintage, l.location_id, ($8::smallint[])[coalesce(c.best, 0) + 1],
         coalesce(c.down, 0), coalesce(c.up, 0), coalesce(c.providers, 0), coalesce(c.fiber, 0)
    FROM locations l LEFT JOIN (
      SELECT a.location_id, max(t.tier) AS best,
             max(a.max_advertised_download_speed) AS down,
             max(a.max_advertised_upload_speed) AS up,
             count(DISTINCT a.provider_id) AS providers,
             count(DISTINCT a.provider_id) FILTER (WHERE a.technology = ${FIBER}) AS fiber
        FROM fixed_availability a JOIN tiers t
          ON t.technology = a.technology AND t.down = a.max_advertised_download_speed
         AND t.up = a.max_advertised_upload_speed AND t.low_latency = a.low_latency
         AND t.br = a.business_residential_code::text
       WHERE a.vintage = $1 GROUP BY a.location_id) c USING (location_id)
   WHERE l.vintage = $1`;

async function deriveRelease(client: pg.Client, vintage: string): Promise<void> {
  const { rows: offers } = await client.query<Offer>(OFFERS, [vintage]);
  const tiers = offers.map((o) =>
    countedTier(
      {
        technology_code: o.technology,
        max_advertised_download_speed: o.down,
        max_advertised_upload_speed: o.up,
        low_latency: o.low_latency,
        business_residential_code: o.br,
      },
      RULE,
      AUDIENCE,
    ),
  );
  const column = <K extends keyof Offer>(k: K) => offers.map((o) => o[k]);
  await client.query('DELETE FROM location_coverage WHERE vintage = $1', [vintage]);
  await client.query(DERIVE, [
    vintage,
    column('technology'),
    column('down'),
    column('up'),
    column('low_latency'),
    column('br'),
    tiers,
    STATUS_OF_TIER,
  ]);
}

/** Derives location_coverage for the releases that need it; returns those it wrote. */
export async function deriveLocationCoverage(
  client: pg.Client,
  releases: string[],
  changed: (vintage: string) => boolean,
): Promise<string[]> {
  const written: string[] = [];
  const empty = await holdsNoRow(client, 'location_coverage');
  await withIndexesAfter(client, 'location_coverage', empty, async () => {
    for (const v of releases) {
      if (!changed(v)) {
        const { rowCount } = await client.query(
          'SELECT 1 FROM location_coverage WHERE vintage = $1 LIMIT 1',
          [v],
        );
        if (rowCount) continue;
      }
      await deriveRelease(client, v);
      written.push(v);
    }
  });
  return written;
}
