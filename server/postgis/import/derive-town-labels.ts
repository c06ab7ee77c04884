// town_labels (schema.sql), read by the PostGIS store's fabric tiles (layer towns): one label
// point per city of each release, derived from the locations as the memory store derives them
// (server/service/store/memory/ops/tile-features.ts townFeatures): the city's lowest ZIP, at the median longitude and
// latitude of the release's locations with that city and ZIP (percentile_disc picks the lower
// middle value, as the memory store does).
import type pg from 'pg';

/** Rewrites every release's labels when the fabric changed or none were derived yet. */
export async function deriveTownLabels(
  client: pg.Client,
  fabricChanged: boolean,
  log: (m: string) => void,
): Promise<void> {
  const { rows } = await client.query('SELECT 1 FROM town_labels LIMIT 1');
  if (!fabricChanged && rows.length > 0) return;
  const began = performance.now();
  await client.query('TRUNCATE town_labels');
  const { rowCount } = await client.query(
    `INSERT INTO town_labels (vintage, city, zip, longitude, latitude)
     SELECT l.vintage, l.city, l.zip,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY l.longitude),
            percentile_disc(0.5) WITHIN GROUP (ORDER BY l.latitude)
       FROM locations l
       JOIN (SELECT vintage, city, min(zip COLLATE "C") AS zip FROM locations GROUP BY 1, 2) m
         ON m.vintage = l.vintage AND m.city = l.city AND m.zip = l.zip
      GROUP BY l.vintage, l.city, l.zip`,
  );
  log(`${rowCount} town labels in ${((performance.now() - began) / 1000).toFixed(1)} s`);
}
