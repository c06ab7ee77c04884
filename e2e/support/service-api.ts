// The service as the tests ask it, through the app server's /api (the same answers the page
// gets): the source of every expected value a spec compares the screen with.
import { expect, type APIRequestContext } from '@playwright/test';

export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.status(), `GET /api${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function apiPost<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await request.post(`/api${path}`, { data: body });
  expect(response.status(), `POST /api${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The fabric vintages the service lists, oldest first. */
export async function fabricVintages(request: APIRequestContext): Promise<string[]> {
  const list = await apiGet<{ vintage: string }[]>(request, '/fabric/vintages');
  return list.map((v) => v.vintage).sort();
}
