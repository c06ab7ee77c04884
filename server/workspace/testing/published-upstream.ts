// A stand-in for the real service in its own process, for the workspace benchmark
// (`npm run bench:map -- --workspace`): the reference service over the demo fabric
// (DEMO_LOCATIONS) behind the published-only proxy, with the demo county synced through it into
// WORKSPACE_DIR (every fabric vintage, so history is answered there) before it says it listens,
// so an app server started then finds the workspace.
// It accepts the first of SERVICE_TOKENS, as the service does.
import { loadDemoFabric } from '../../demo/load-demo-fabric';
import { runSync } from '../run-sync';
import { startPublishedProxy } from '../published-proxy';
import { syncOptions } from './sync-options';

const dir = process.env.WORKSPACE_DIR;
if (!dir) throw new Error('WORKSPACE_DIR must name the folder to sync the demo county into');
const locations = Number(process.env.DEMO_LOCATIONS) || undefined;
const token = process.env.SERVICE_TOKENS?.split(',')[0]?.trim() || undefined;
const fabric = await loadDemoFabric(locations ? { locations } : {});
const proxy = await startPublishedProxy(fabric, token);
const started = performance.now();
// Every fabric vintage the service offers, so history is answered from the workspace too.
const manifest = await runSync({
  ...syncOptions(proxy.url, dir, [], token),
  fabric: fabric.vintages.map((v) => v.vintage),
});
const requests = Object.values(manifest.requests).reduce((a, b) => a + b, 0);
console.log(
  `synced ${manifest.locations} locations of fabric ${manifest.fabricVintages.join(', ')} in ${Math.round(performance.now() - started)} ms (${requests} requests: ${JSON.stringify(manifest.requests)})`,
);
console.log(`published proxy listening on ${proxy.url}`);
const stop = () => void proxy.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
