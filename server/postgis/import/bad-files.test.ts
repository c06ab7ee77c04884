// Files a user may really hold, damaged: each is refused with a message that says what is wrong
// and where, and the database is left exactly as it was. Rows that break a field rule are
// rejected one by one into the report, with their line and reason.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixed } from '../../demo/export/write-coverage-files';
import { writeLocations } from '../../demo/export/write-fabric-files';
import { generateFabric } from '../../demo/generate-fabric';
import { latLngToCell } from 'h3-js';
import { startPrivateCluster, type PrivateCluster } from '../testing/private-cluster';
import { runImport, type ImportFile } from './run-import';

let cluster: PrivateCluster;
let dir: string;
let db: pg.Client;
/** Good files of the 202406 release: its locations and one fixed file per technology. */
let locations: string;
const fixedByTech = new Map<string, string>();

let cases = 0;
/** A damaged copy under its own folder, so the good files stay as they are. */
const file = (name: string, text: string | Buffer) => {
  const folder = join(dir, `case-${++cases}`);
  mkdirSync(folder);
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};
const load = (files: ImportFile[], maxRejectShare?: number, rejectsPath?: string) =>
  runImport({ url: cluster.url, files, progress: null, maxRejectShare, rejectsPath });

/** Everything a failed import could have touched: tables, their rows, the ledger. */
async function snapshot(): Promise<string> {
  const { rows: tables } = await db.query<{ t: string }>(
    `SELECT relname AS t FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')
      ORDER BY relname`,
  );
  const counts = [];
  for (const { t } of tables) {
    if (t === 'spatial_ref_sys') continue;
    counts.push(
      `${t}=${(await db.query(`SELECT count(*) AS n FROM ${pg.escapeIdentifier(t)}`)).rows[0].n}`,
    );
  }
  const ledger = await db.query(
    'SELECT file_id, kind, vintage, scope, sha256 FROM import_files ORDER BY file_id',
  );
  return JSON.stringify({ counts, ledger: ledger.rows });
}

async function refused(files: ImportFile[], message: RegExp): Promise<void> {
  const before = await snapshot();
  await expect(load(files)).rejects.toThrow(message);
  expect(await snapshot()).toBe(before);
}

beforeAll(async () => {
  cluster = await startPrivateCluster();
  dir = mkdtempSync(join(tmpdir(), 'explorer-bad-'));
  const fabric = generateFabric({ seed: 5, locations: 400 });
  const loc = fabric.locations;
  const cells = Array.from({ length: loc.count }, (_, i) =>
    latLngToCell(loc.lat[i], loc.lng[i], 9),
  );
  locations = join(dir, 'fabric_locations_IL_06302024.csv');
  await writeLocations(fabric, 2, cells, locations);
  const older = join(dir, 'fabric_locations_IL_06302023.csv');
  await writeLocations(fabric, 0, cells, older);
  for (const w of await writeFixed(fabric, 2, cells, dir, false)) {
    fixedByTech.set(/bdc_17_(\w+?)_fixed/.exec(w.path)![1], w.path);
  }
  // The baseline every case must leave alone: two releases of locations and cable coverage.
  await load([
    { kind: 'locations', vintage: '202406', path: locations },
    { kind: 'locations', vintage: '202306', path: older },
    { kind: 'fixed', vintage: '202406', path: fixedByTech.get('Cable')! },
  ]);
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('damaged files are refused whole, the database left as it was', () => {
  it('a truncated CSV', async () => {
    const text = readFileSync(fixedByTech.get('Copper')!, 'utf8');
    const path = file(
      'bdc_17_Copper_fixed_broadband_J24.csv',
      text.slice(0, Math.floor(text.length / 2)),
    );
    await refused(
      [{ kind: 'fixed', vintage: '202406', path }],
      /ends in the middle of a record \(line \d+: has \d+ fields, expected 12\); it looks truncated/,
    );
  });

  it('a truncated zip', async () => {
    const copper = readFileSync(fixedByTech.get('Copper')!);
    const { default: yazl } = await import('yazl');
    const zip = new yazl.ZipFile();
    zip.addBuffer(copper, 'bdc_17_Copper_fixed_broadband_J24.csv');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const whole = Buffer.concat(chunks);
    const path = file(
      'bdc_17_Copper_fixed_broadband_J24.zip',
      whole.subarray(0, whole.length - 40).toString('latin1'),
    );
    writeFileSync(path, whole.subarray(0, whole.length - 40));
    await refused(
      [{ kind: 'fixed', vintage: '202406', path }],
      /is not a complete zip archive \(truncated\?\)/,
    );
  });

  it('a wrong header', async () => {
    const text = readFileSync(fixedByTech.get('Copper')!, 'utf8').replace(
      ',technology,',
      ',tech_code,',
    );
    const path = file('bdc_17_Copper_fixed_broadband_J24.csv', text);
    await refused(
      [{ kind: 'fixed', vintage: '202406', path }],
      /wrong header \(missing technology; unexpected tech_code\); expected exactly: frn,provider_id/,
    );
  });

  it('a wrong delimiter', async () => {
    const text = readFileSync(fixedByTech.get('Copper')!, 'utf8').replace(/,/g, ';');
    const path = file('bdc_17_Copper_fixed_broadband_J24.csv', text);
    await refused(
      [{ kind: 'fixed', vintage: '202406', path }],
      /header is separated by semicolons, not commas/,
    );
  });

  it('duplicate ids, in a release not loaded before (no table of it is left behind)', async () => {
    const lines = readFileSync(locations, 'utf8').trimEnd().split('\n');
    const path = file('fabric_locations_IL_12312024.csv', [...lines, lines[3]].join('\n') + '\n');
    await refused(
      [{ kind: 'locations', vintage: '202412', path }],
      new RegExp(
        `1 duplicate location_id \\(${lines[3].split(',')[0]} on lines 4 and ${lines.length + 1}\\)`,
      ),
    );
  });

  it('a file of another vintage, told by its name', async () => {
    const path = fixedByTech.get('Copper')!;
    await refused(
      [{ kind: 'fixed', vintage: '202306', path }],
      /bdc_17_Copper_fixed_broadband_J24.csv is a file of vintage 202406 \(so its name says\), not of 202306/,
    );
  });

  it('a file of another vintage, told by its locations when its name says nothing', async () => {
    const path = file('copper.csv', readFileSync(fixedByTech.get('Copper')!, 'utf8'));
    await refused(
      [{ kind: 'fixed', vintage: '202306', path }],
      /rows rejected, more than 0.1%: is it a file of another vintage\?/,
    );
  });

  it('a layer without its id attribute', async () => {
    const path = file(
      'parcels_J24.geojson',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { pin: 'A' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-89.6, 39.8],
                  [-89.5, 39.8],
                  [-89.5, 39.9],
                  [-89.6, 39.8],
                ],
              ],
            },
          },
        ],
      }),
    );
    await refused(
      [{ kind: 'parcels', vintage: '202406', path }],
      /has no attribute parcel_id \(it has pin\)/,
    );
  });
});

describe('rows breaking a field rule', () => {
  it('are rejected with their line and reason, the rest loaded when few enough', async () => {
    const lines = readFileSync(fixedByTech.get('Copper')!, 'utf8').trimEnd().split('\n');
    const bad = lines.slice();
    bad[2] = bad[2].replace(/^00/, ''); // frn lost its leading zeros
    bad[4] = bad[4].replace(',10,', ',45,'); // not a technology code
    const path = file('bdc_17_Copper_fixed_broadband_J24.csv', bad.join('\n') + '\n');
    const report = join(dir, 'rejects.csv');
    await expect(load([{ kind: 'fixed', vintage: '202406', path }])).rejects.toThrow(
      new RegExp(`2 of ${lines.length - 1} rows rejected, more than 0.1%`),
    );
    const done = await load([{ kind: 'fixed', vintage: '202406', path }], 0.5, report);
    expect(done.outcomes[0]).toMatchObject({
      status: 'loaded',
      rows: lines.length - 3,
      rejected: 2,
    });
    const frn = lines[2].split(',')[0].replace(/^00/, '');
    expect(readFileSync(report, 'utf8').trimEnd().split('\n')).toEqual([
      'file,line,reason',
      `"bdc_17_Copper_fixed_broadband_J24.csv",3,"frn ""${frn}"" has 8 digits, not 10 (leading zeros lost?)"`,
      `"bdc_17_Copper_fixed_broadband_J24.csv",5,"technology ""45"" is not a BDC technology code (0, 10, 40, 50, 60, 61, 70, 71, 72)"`,
    ]);
  });

  it('coordinates out of range are named', async () => {
    const lines = readFileSync(locations, 'utf8').trimEnd().split('\n');
    const fields = lines[1].split(',');
    fields[14] = '95.5';
    lines[1] = fields.join(',');
    const path = file('fabric_locations_IL_12312024.csv', lines.join('\n') + '\n');
    const done = await load([{ kind: 'locations', vintage: '202412', path }], 0.5);
    expect(done.samples).toEqual([
      {
        file: 'fabric_locations_IL_12312024.csv',
        line: 2,
        reason: 'latitude 95.5 is out of range -90..90',
      },
    ]);
  });
});

describe('a location in two files of one release', () => {
  const releases = async () =>
    (await db.query<{ v: string }>('SELECT vintage AS v FROM fabric_vintages ORDER BY 1')).rows;

  it('stops the release at publishing, naming both files, until the corrected file replaces one', async () => {
    const lines = readFileSync(locations, 'utf8').trimEnd().split('\n');
    const illinois = file('fabric_locations_IL_12312023.csv', lines.join('\n') + '\n');
    const moved = lines.slice(1, 3).map((l) => l.replace(/^([^,]*,[^,]*,[^,]*,)IL,/, '$1IN,'));
    const indiana = (rows: string[]) =>
      file('fabric_locations_IN_12312023.csv', [lines[0], ...rows].join('\n') + '\n');
    const before = await releases();
    const id = lines[1].split(',')[0];
    await expect(
      load([
        { kind: 'locations', vintage: '202312', path: illinois },
        { kind: 'locations', vintage: '202312', path: indiana(moved) },
      ]),
    ).rejects.toThrow(
      `locations of 202312 cannot be published: the same key comes from two files (location_id ${id} in fabric_locations_IL_12312023.csv and fabric_locations_IN_12312023.csv`,
    );
    expect(await releases()).toEqual(before);
    const pending = await db.query(
      `SELECT name FROM import_files WHERE vintage = '202312' AND NOT published ORDER BY name`,
    );
    expect(pending.rows.map((r) => r.name)).toEqual([
      'fabric_locations_IL_12312023.csv',
      'fabric_locations_IN_12312023.csv',
    ]);
    // Indiana's own location, under an id no Illinois row holds.
    const corrected = moved[0].replace(/^\d+/, '1999999991');
    await load([{ kind: 'locations', vintage: '202312', path: indiana([corrected]) }]);
    expect((await releases()).map((r) => r.v)).toContain('202312');
    const count = await db.query(
      `SELECT count(*)::int AS n FROM locations WHERE vintage = '202312'`,
    );
    expect(count.rows[0].n).toBe(lines.length);
  });
});
