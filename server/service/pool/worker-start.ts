// How a heavy-work worker thread is started: which file, which flags, how much young
// generation. Kept apart from the pool's mechanics (worker-pool.ts).

/**
 * A worker's young generation, in MB. With V8's default its new space grew to 34 MB over 40
 * summaries at a million locations (the whole worker heap to 54 MB); capped, the heap stayed
 * near 30 MB and summarize's time did not move (p50 15-18 ms over 40 runs of 50,000
 * locations, either way). The whole process has 400 MB at a million locations; a worker's
 * fixed cost (its own heap and the memory its module compilation leaves) is about 35 MB.
 */
export const YOUNG_GENERATION_MB = 4;

/** Flags that say how modules load; a worker takes those of its parent's flags alone. */
const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/** Starts a .ts entry under tsx (see tsx-worker.mjs). */
const TSX_WORKER = new URL('./tsx-worker.mjs', import.meta.url);

/**
 * How to start a worker on `entry`. A .ts entry (dev, tests) starts through tsx-worker.mjs; a
 * .mjs one (the compiled service) directly, with the parent's module-loading flags only: a
 * worker refuses V8 and process-wide flags (`node --max-semi-space-size=8 service.mjs` would
 * otherwise fail to start its workers).
 */
export function workerStart(entry: URL): { file: URL; argv: string[]; execArgv: string[] } {
  if (entry.pathname.endsWith('.ts')) return { file: TSX_WORKER, argv: [entry.href], execArgv: [] };
  const argv = process.execArgv;
  const execArgv: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!LOADER_FLAGS.has(arg.split('=')[0]!)) continue;
    execArgv.push(arg);
    if (!arg.includes('=') && i + 1 < argv.length) execArgv.push(argv[++i]!);
  }
  return { file: entry, argv: [], execArgv };
}
