// The V8 flags the standalone service runs with (`npm run service`, and the benchmark's compiled
// service; package.json's script says the same, node-flags.test.ts holds the two together). At
// a million locations the fabric is about 211 MB of typed arrays outside the JavaScript heap,
// and the event loop's heap holds about 21 MB that lives, before and after the benchmark's
// workload alike: what grew was room V8 kept. With its defaults the event loop's young
// generation is 2 x 16 MB, filled by start-up and kept, and after a collection the old
// generation may grow to twice what survived or more before the next; the service's RSS after
// the workload was 391-403 MB. With these it was 364-369 MB, locate's throughput the same
// within the machine's noise (README.md, "Scale", measured side by side). Worker threads take
// their young generation from resourceLimits instead (pool/worker-start.ts), but the growing
// factor is the process's.
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=10'];
