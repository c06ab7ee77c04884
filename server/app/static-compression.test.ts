// The built app's files go out compressed as the build wrote them (precompress.ts): over a real
// port, each coding a request may ask for, none, weights, a refusal of every copy, HEAD and a
// Range header, with the decoded bytes equal to the file itself.
import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';
import { startAppFrontDoor, type FrontDoorServer } from './testing/front-door-servers';

let app: FrontDoorServer;
let distDir: string;
let script: Buffer;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'static-compression-'));
  await mkdir(join(distDir, 'assets'));
  // Text that compresses, with random words so it is not trivially small.
  const words = Array.from({ length: 4000 }, () => randomBytes(3).toString('hex'));
  script = Buffer.from(words.map((w, i) => `const v${i} = "${w}";`).join('\n'));
  await writeFile(join(distDir, 'assets', 'app.js'), script);
  await writeFile(join(distDir, 'assets', 'tiny.js'), 'export {};');
  await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await precompressDir(distDir);
  app = await startAppFrontDoor({}, distDir);
});

afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, so nothing between the test and the socket decodes the body. */
function get(path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const sizeOf = async (suffix: string) =>
  (await stat(join(distDir, 'assets', `app.js${suffix}`))).size;

describe('precompressed static files', () => {
  it.each([
    ['br', 'br', '.br', brotliDecompressSync],
    ['gzip', 'gzip', '.gz', gunzipSync],
    ['gzip, deflate, br, zstd', 'br', '.br', brotliDecompressSync],
    ['br;q=0.5, gzip', 'gzip', '.gz', gunzipSync],
    ['*', 'br', '.br', brotliDecompressSync],
  ])('Accept-Encoding %j gets %s, decoding to the file', async (accept, coding, suffix, decode) => {
    const res = await get('/assets/app.js', { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(await sizeOf(suffix));
    expect(res.body.length).toBeLessThan(script.length / 1.5);
    expect(decode(res.body).equals(script)).toBe(true);
  });

  it.each([[undefined], ['identity'], ['br;q=0, gzip;q=0']])(
    'Accept-Encoding %j gets the file as it is',
    async (accept) => {
      const res = await get('/assets/app.js', accept ? { 'Accept-Encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(script.length);
      expect(res.body.equals(script)).toBe(true);
    },
  );

  it('answers a refusal of every copy with a JSON 406 naming the codings there are', async () => {
    for (const [path, accept] of [
      ['/assets/app.js', 'identity;q=0, br;q=0, gzip;q=0'],
      ['/assets/app.js', '*;q=0'],
      ['/assets/tiny.js', 'br, identity;q=0'],
    ] as const) {
      const res = await get(path, { 'Accept-Encoding': accept });
      expect(res.status, accept).toBe(406);
      const { error } = JSON.parse(res.body.toString()) as { error: Record<string, string> };
      expect(error.code).toBe('not_acceptable');
      expect(error.message).toContain(
        path === '/assets/tiny.js' ? '(identity)' : 'identity, br, gzip',
      );
    }
  });

  it('leaves a file too small to gain from compression as it is, with no Vary', async () => {
    const res = await get('/assets/tiny.js', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.toString()).toBe('export {};');
  });

  it('answers HEAD with the chosen copy’s headers and length, and no body', async () => {
    const res = await get('/assets/app.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(await sizeOf('.gz'));
    expect(res.body.length).toBe(0);
  });

  it('serves no ranges: a Range header gets the whole copy', async () => {
    const res = await get('/assets/app.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(res.status).toBe(200);
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('writes copies that decode to the file, and none of a file too small', async () => {
    const raw = await readFile(join(distDir, 'assets', 'app.js'));
    expect(brotliDecompressSync(await readFile(join(distDir, 'assets', 'app.js.br')))).toEqual(raw);
    await expect(stat(join(distDir, 'assets', 'tiny.js.br'))).rejects.toThrow();
    await expect(stat(join(distDir, 'index.html.gz'))).rejects.toThrow();
  });
});
