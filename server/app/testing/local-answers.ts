// What the tests of the workspace's local answers share: one question put to the app server
// and to upstream (the published-only proxy), the requests the app's call sent upstream, and the
// demo's locations by county and fabric vintage.
import type { Fabric } from '../../service/store/fabric';
import { TOKEN, type PublishedProxy } from '../../workspace/published-proxy';
import { COUNTY } from '../../workspace/testing/sync-options';
import { expect } from 'vitest';
import { requestFrom, startAuthApp } from '../auth/testing/auth-servers';
import { startAppServer } from '../start-app-server';

export interface Answer {
  status: number;
  body: unknown;
}

/** A GET, or a POST of `body` as JSON; with upstream's token when `auth`. */
export async function ask(
  base: string,
  path: string,
  body?: unknown,
  auth = false,
): Promise<Answer> {
  const headers: Record<string, string> = auth ? { authorization: `Bearer ${TOKEN}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * The app server's answer (at appUrl), upstream's own, and how many requests of the operations
 * `counted` names the app's call sent upstream.
 */
export async function appAndUpstreamAnswers(
  appUrl: string,
  proxy: PublishedProxy,
  counted: (op: string) => boolean,
  path: string,
  body?: unknown,
) {
  const before = proxy.seen.length;
  const fromApp = await ask(`${appUrl}/api`, path, body);
  const sent = proxy.seen.slice(before).filter((r) => counted(r.op)).length;
  const fromUpstream = await ask(proxy.url, path, body, true);
  return { fromApp, fromUpstream, sent };
}

/** The demo's location_ids in a county present in fabric vintage v, or absent from it. */
export function locationIdsOf(demo: Fabric, v: string, present = true, county = COUNTY): number[] {
  const bit = 1 << demo.vintages.findIndex((x) => x.vintage === v);
  const { locationId, presence, county: countyOf } = demo.locations;
  const k = demo.counties!.findIndex((c) => c.geoid === county);
  const out: number[] = [];
  locationId.forEach((id, i) => {
    if (countyOf![i] === k && Boolean(presence[i]! & bit) === present) out.push(id);
  });
  return out;
}

/** n ids spread over the list, first and last included. */
export const sample = (ids: number[], n: number) =>
  Array.from({ length: n }, (_, k) => ids[Math.round((k * (ids.length - 1)) / (n - 1))]!);

/** An app server over the workspace in dir that signs people in from a trusted proxy's header, for the person budgets. */
export const startBudgetApp = (upstreamUrl: string, dir: string) =>
  startAuthApp({
    SERVICE_URL: upstreamUrl,
    SERVICE_TOKEN: TOKEN,
    WORKSPACE_DIR: dir,
    APP_RATE_LIMIT: 'off',
    APP_AUTH: 'proxy',
    TRUSTED_PROXIES: '127.0.0.1',
    APP_ADMINS: 'boss',
  });

/**
 * Asks each of `paths` (under /api) as one person of a budget app at appUrl, then reads the
 * usage as its admin: the person's requests and credits upstream.
 */
export async function upstreamUseOf(appUrl: string, paths: string[]): Promise<unknown[]> {
  const asAna = { headers: { 'x-forwarded-user': 'ana' } };
  for (const path of paths)
    expect((await requestFrom(`${appUrl}/api${path}`, '127.0.0.1', asAna)).status).toBe(200);
  const usage = await requestFrom(`${appUrl}/api/usage`, '127.0.0.1', {
    headers: { 'x-forwarded-user': 'boss' },
  });
  return (JSON.parse(usage.body) as { days: { people: unknown[] }[] }).days[0]!.people;
}

/** An app server over the workspace in `workspace`, upstream at upstreamUrl (`env`: STORE…). */
export const startWorkspaceApp = (
  upstreamUrl: string,
  workspace: string,
  env: Record<string, string> = {},
) =>
  startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: { SERVICE_URL: upstreamUrl, SERVICE_TOKEN: TOKEN, WORKSPACE_DIR: workspace, ...env },
    log: () => {},
  });
