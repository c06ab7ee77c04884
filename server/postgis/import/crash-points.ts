// Test hook. IMPORT_CRASH_AT=<point>[#n] makes the importer (or the workspace publish built on
// it) kill itself with SIGKILL (as the OOM killer or a lost machine would) the n-th time
// (default 1) it reaches a phase boundary, so a test can stop a real import exactly there and
// check what the next run makes of it. Unset, as it always is outside those tests, a crash
// point does nothing.

/** The phase boundaries, in the order a run reaches them. */
export const CRASH_POINTS = [
  // Schema applied and uuid seed settled, before any file.
  'schema',
  // After each file, loaded (its transaction committed) or skipped.
  'file',
  // After each partition attached.
  'attached',
  // After each derivation step of the run's finish.
  'derived',
  // After the release is published, before the closing ANALYZE.
  'published',
  // A synced workspace's publish (workspace/publish-workspace.ts): its schema renamed into
  // place, before that transaction commits.
  'switching',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

function wantedCrash(setting: string | undefined): { point: string; nth: number } | null {
  if (!setting) return null;
  const m = /^([a-z]+)(?:#([1-9][0-9]*))?$/.exec(setting);
  if (!m || !(CRASH_POINTS as readonly string[]).includes(m[1])) {
    throw new Error(
      `IMPORT_CRASH_AT=${setting}: expected one of ${CRASH_POINTS.join(', ')}, optionally #n`,
    );
  }
  return { point: m[1], nth: Number(m[2] ?? 1) };
}

const wanted = wantedCrash(process.env.IMPORT_CRASH_AT);
const reached = new Map<string, number>();

export function crashPoint(point: CrashPoint): void {
  if (wanted?.point !== point) return;
  const n = (reached.get(point) ?? 0) + 1;
  reached.set(point, n);
  if (n === wanted.nth) process.kill(process.pid, 'SIGKILL');
}
