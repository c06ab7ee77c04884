// A path whose `..` leaves /api never reaches the built app's index.html: over a raw socket
// (fetch would resolve the segments before sending), every form of a dot segment, plain,
// encoded, in origin or absolute form, is a JSON 404, and the same page without one is served.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDotSegment } from './dot-segments';
import { startAppFrontDoor, type FrontDoorServer } from './testing/front-door-servers';
import { jsonErrorOf, rawExchange, type RawResponse } from './testing/raw-http';

let app: FrontDoorServer;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'dot-segments-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  app = await startAppFrontDoor({}, distDir);
});

afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

async function get(target: string): Promise<RawResponse> {
  const { host } = new URL(app.url);
  const head = `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  const { response, raw } = await rawExchange(app.url, head);
  if (!response) throw new Error(`no answer to ${target}: ${JSON.stringify(raw)}`);
  return response;
}

describe('dot segments on the app server', () => {
  it.each([
    '/api/../index.html',
    '/api/%2e%2e/x',
    '/api/%2E%2e/index.html',
    '/api/.%2e/',
    '/api/./../fabric/vintages',
    '/api/fabric/../../index.html?x=1',
    '/api/..',
    '/assets/../index.html',
  ])('answers %s with a JSON 404, not a page', async (target) => {
    const res = await get(target);
    expect(res.status).toBe(404);
    expect(jsonErrorOf(res)).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('. or .. segments') as string,
    });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-security-policy']).toBeTruthy();
  });

  it('refuses the absolute form too, and still serves the same paths without dot segments', async () => {
    const { host } = new URL(app.url);
    expect((await get(`http://${host}/api/../index.html`)).status).toBe(404);
    const page = await get('/index.html');
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="root"');
    expect((await get('/api/fabric/vintages')).status).toBe(200);
  });

  it('tells dot segments from names that merely hold dots', () => {
    for (const target of ['/.well-known/x', '/a/.../b', '/a/..b', '/a/b.', '/?q=/../x'])
      expect(hasDotSegment(target), target).toBe(false);
    for (const target of ['/.', '/a/./b', '/a/%2E', 'http://h:1/a/../b', '/a/..?q'])
      expect(hasDotSegment(target), target).toBe(true);
  });
});
