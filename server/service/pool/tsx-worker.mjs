// Runs a TypeScript worker entry under tsx (dev and tests; the compiled service starts its .mjs
// entry directly). Node 20 does not carry the parent's `--import tsx` into a worker thread, so
// the worker registers tsx's loader itself, then imports its entry (the URL in its argv).
import { register } from 'tsx/esm/api';

register();
await import(process.argv.at(-1));
