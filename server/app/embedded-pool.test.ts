// The app server's embedded service hands its POST operations to a worker thread by default, as
// the standalone service does (SERVICE_WORKERS=0 keeps them on the event loop): an area summary
// through /api is answered by the worker, with the bytes the service in process gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../service/app';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { buildFixtureFabric } from '../service/testing/fixture-fabric';
import { rect } from '../service/testing/fixture-layout';
import { startAppServer, type RunningAppServer } from './start-app-server';

const store = createMemoryStore(buildFixtureFabric());
const PATH = '/fabricext/202506/summarize?field=building_type_code,served_status';
const BODY = JSON.stringify({ type: 'Polygon', coordinates: [rect(-50, -50, 1600, 200)] });
const servers: { app: RunningAppServer; logs: string[] }[] = [];

beforeAll(async () => {
  for (const workers of ['1', '0']) {
    const logs: string[] = [];
    const app = await startAppServer({
      port: 0,
      env: { SERVICE_WORKERS: workers },
      store,
      log: (line) => logs.push(line),
    });
    servers.push({ app, logs });
  }
}, 60_000);

afterAll(async () => {
  for (const { app } of servers) await app.close();
});

async function summarize(app: RunningAppServer) {
  const res = await fetch(`${app.url}/api${PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: BODY,
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('embedded service worker pool', () => {
  it('starts one worker by default and none with SERVICE_WORKERS=0', () => {
    const started = servers.map(({ logs }) => logs.filter((l) => /worker 1 ready/.test(l)).length);
    expect(started).toEqual([1, 0]);
  });

  it('answers an area summary from the worker with the in-process bytes', async () => {
    const inProcess = await createServiceApp({ store, tokens: null }).fetch(
      new Request(`http://service${PATH}`, { method: 'POST', body: BODY }),
    );
    const expected = await inProcess.text();
    expect(JSON.parse(expected).locationcount).toBeGreaterThan(0);
    for (const { app } of servers) {
      expect(await summarize(app)).toEqual({
        status: 200,
        type: inProcess.headers.get('content-type'),
        text: expected,
      });
    }
  });
});
