// A crashed import never publishes half a release. The real importer, as a child process, is
// killed with SIGKILL at each phase boundary (IMPORT_CRASH_AT, crash-points.ts) and after
// random delays, on a first import of five releases and on an import of a fifth release into
// a database holding four. Until the run that was killed is repeated, the service answers as
// before it started; once repeated to its end, the database (every row of every table, which
// tables are attached, their indexes) and the service's answers are those of a clean import.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDemo } from '../../demo/export/export-demo';
import { generateFabric } from '../../demo/generate-fabric';
import { startPrivateCluster, type PrivateCluster } from '../testing/private-cluster';
import { crashQuestions, serviceAnswers, type Question } from './crash-recovery-questions';
import {
  databaseState,
  importCli,
  mobileCells,
  stateDifferences,
  trimMobileFiles,
  writeManifest,
  type ImportCli,
  type ImportRun,
} from './crash-recovery-support';

interface Snapshot {
  db: Map<string, string[]>;
  answers: string[];
}

let cluster: PrivateCluster;
let dir: string;
let cli: ImportCli;
let questions: Question[];
const manifests = { all: '', first: '', last: '', corrected: '' };
let files = { all: 0, last: 0 };
let cleanMs = 0;
let clean: { all: Snapshot; before: string[]; incremental: Snapshot; corrected: Snapshot };
let databases = 0;

const snapshot = async (url: string): Promise<Snapshot> => ({
  db: await databaseState(url),
  answers: await serviceAnswers(url, questions),
});

async function cloneOf(template: string, name = `run_${++databases}`): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return cluster.url.replace(/\/[^/]+$/, `/${name}`);
}

/** Repeats the import until it ends; a refusal must say what to do, and only waiting is. */
async function rerun(url: string, manifest: string): Promise<ImportRun> {
  for (let tries = 0; ; tries++) {
    const run = cli.run(url, manifest);
    if (run.status === 0 || tries === 20 || !/another import is running/.test(run.stderr)) {
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function expectRecovered(url: string, manifest: string, want: Snapshot, label: string) {
  const run = await rerun(url, manifest);
  expect(run.status, `${label}: ${run.stderr}`).toBe(0);
  const got = await snapshot(url);
  expect(stateDifferences(got.db, want.db), label).toEqual([]);
  expect(got.answers, label).toEqual(want.answers);
}

beforeAll(async () => {
  cluster = await startPrivateCluster('base');
  dir = mkdtempSync(join(tmpdir(), 'explorer-crash-'));
  cli = importCli(dir);
  const fabric = generateFabric({ seed: 31, locations: 400 });
  const manifest = await exportDemo(fabric, join(dir, 'export'));
  const exported = join(dir, 'export');
  await trimMobileFiles(exported, manifest, 300);
  const newest = fabric.vintages.at(-1)!.vintage;
  manifests.all = await writeManifest(exported, manifest, 'all.json', () => true);
  manifests.first = await writeManifest(
    exported,
    manifest,
    'first.json',
    (f) => f.vintage !== newest,
  );
  manifests.last = await writeManifest(
    exported,
    manifest,
    'last.json',
    (f) => f.vintage === newest,
  );
  files = {
    all: manifest.files.length,
    last: manifest.files.filter((f) => f.vintage === newest).length,
  };
  const cells: Record<string, string[]> = {};
  for (const { vintage } of fabric.vintages.slice(-2)) {
    cells[vintage] = await mobileCells(exported, manifest, vintage, 2);
  }
  const asked = crashQuestions(fabric, cells);
  questions = asked.questions;

  const began = performance.now();
  const whole = await cluster.createDatabase('clean_all');
  expect(cli.run(whole, manifests.all).status).toBe(0);
  cleanMs = performance.now() - began;
  expect(cli.run(cluster.url, manifests.first).status).toBe(0);
  const before = await serviceAnswers(cluster.url, questions);
  const incremental = await cloneOf('base', 'incremental');
  expect(cli.run(incremental, manifests.last).status).toBe(0);
  // A fixed file of the newest release corrected after it was published: a third of its rows
  // dropped, under the same name.
  const fixed = manifest.files
    .filter((f) => f.kind === 'fixed' && f.vintage === newest)
    .sort((a, b) => b.rows - a.rows)[0];
  const rows = (await readFile(join(exported, fixed.path), 'utf8')).trimEnd().split('\n');
  await mkdir(join(dir, 'corrected'));
  const name = basename(fixed.path);
  const keep = Math.ceil((rows.length * 2) / 3);
  await writeFile(join(dir, 'corrected', name), rows.slice(0, keep).join('\n') + '\n');
  const correction = { ...fixed, path: join('..', 'corrected', name) };
  manifests.corrected = await writeManifest(
    exported,
    { ...manifest, files: [correction] },
    'corrected.json',
    () => true,
  );
  const corrected = await cloneOf('incremental');
  expect(cli.run(corrected, manifests.corrected).status).toBe(0);
  clean = {
    all: await snapshot(whole),
    before,
    incremental: await snapshot(incremental),
    corrected: await snapshot(corrected),
  };
  // The questions reach what a half-published release loses: each new location is found.
  for (const i of asked.fresh) {
    const found = `/api/fabric/${newest}/data/locations?location_id=${fabric.locations.locationId[i]} → 200 [{`;
    expect(
      clean.incremental.answers.some((a) => a.startsWith(found)),
      found,
    ).toBe(true);
  }
  expect(clean.before).not.toEqual(clean.incremental.answers);
  expect(stateDifferences(clean.corrected.db, clean.incremental.db)).toContainEqual(
    expect.stringMatching(/^location_coverage: /),
  );
}, 300_000);

afterAll(() => {
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a first import of five releases killed', () => {
  const expectNothingServed = (url: string, point: string) =>
    expect(serviceAnswers(url, questions), point).rejects.toThrow(/holds no fabric/);

  it('while loading publishes nothing, and its re-run ends as a clean import', async () => {
    for (const point of ['schema', 'file#1', `file#${Math.ceil(files.all / 2)}`]) {
      const url = await cluster.createDatabase(`first_${++databases}`);
      const killed = cli.run(url, manifests.all, point);
      expect(killed.signal, `${point}: ${killed.stderr}`).toBe('SIGKILL');
      await expectNothingServed(url, point);
      await expectRecovered(url, manifests.all, clean.all, point);
    }
  }, 300_000);

  // Killed after its last file, every file loaded: the state each later point starts from, so
  // each is reached by a run that finds the files loaded (as a re-run would) over a copy of it.
  it('while publishing publishes nothing, or all, and its re-run ends as a clean import', async () => {
    const loaded = await cluster.createDatabase('loaded');
    const last = cli.run(loaded, manifests.all, `file#${files.all}`);
    expect(last.signal, last.stderr).toBe('SIGKILL');
    const attaches = 5 * 4 + 3;
    // The derivation steps between the first and the last run in the same transaction.
    const points = ['attached#1', `attached#${attaches}`, 'derived#1', 'derived#5', 'published'];
    for (const point of [`file#${files.all}`, ...points]) {
      const url = await cloneOf('loaded');
      if (!point.startsWith('file')) {
        const killed = cli.run(url, manifests.all, point);
        expect(killed.signal, `${point}: ${killed.stderr}`).toBe('SIGKILL');
      }
      if (point === 'published') {
        expect(await serviceAnswers(url, questions)).toEqual(clean.all.answers);
      } else await expectNothingServed(url, point);
      await expectRecovered(url, manifests.all, clean.all, point);
    }
  }, 300_000);

  it('after a random delay, its re-run ends as a clean import', async () => {
    const ms = Math.round(500 + Math.random() * cleanMs);
    const url = await cluster.createDatabase(`random_${++databases}`);
    await cli.killAfter(url, manifests.all, ms);
    await expectRecovered(url, manifests.all, clean.all, `killed after ${ms} ms`);
  }, 300_000);
});

describe('an import of a new release into a database holding four, killed', () => {
  // Locations, retirements, fixed and mobile coverage of the new release, attached in that order.
  const points = () => [`file#${files.last}`, 'attached#1', 'attached#3', 'derived#5', 'published'];

  it('at each phase boundary leaves the old releases served, and its re-run publishes the new one whole', async () => {
    for (const point of points()) {
      const url = await cloneOf('base');
      const killed = cli.run(url, manifests.last, point);
      expect(killed.signal, `${point}: ${killed.stderr}`).toBe('SIGKILL');
      const answers = await serviceAnswers(url, questions);
      expect(answers, point).toEqual(
        point === 'published' ? clean.incremental.answers : clean.before,
      );
      await expectRecovered(url, manifests.last, clean.incremental, point);
    }
  }, 600_000);

  it('after a random delay, its re-run publishes the new release whole', async () => {
    const ms = Math.round(300 + Math.random() * (cleanMs / 4));
    const url = await cloneOf('base');
    await cli.killAfter(url, manifests.last, ms);
    await expectRecovered(url, manifests.last, clean.incremental, `killed after ${ms} ms`);
  }, 300_000);
});

// Rows of a file replacing one of a published release are in its table as soon as they load:
// what derives from them must follow, even when the run that loaded them was killed first.
describe('an import of a corrected file of a published release, killed', () => {
  it('after loading it or while publishing, has its re-run derive from it', async () => {
    for (const point of ['file#1', 'derived#5']) {
      const url = await cloneOf('incremental');
      const killed = cli.run(url, manifests.corrected, point);
      expect(killed.signal, `${point}: ${killed.stderr}`).toBe('SIGKILL');
      await expectRecovered(url, manifests.corrected, clean.corrected, point);
    }
  }, 300_000);
});
