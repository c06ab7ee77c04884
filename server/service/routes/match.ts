// match over HTTP: GET for one address, POST for up to 1000 (the official client's bulk form),
// each answer echoing its sourcekey; POST answers every address, in input order.
import { createRoute, z } from '@hono/zod-openapi';
import type { MatchParts, Store } from '../store/store';
import { parseJsonBody } from '../../contract/body';
import { invalidParameter } from '../../contract/errors';
import { requireFabricVintage } from '../http/vintages';
import { errorResponses, jsonResponse, VintageParam } from '../../contract/schemas/common';
import {
  MAX_MATCH_ITEMS,
  MatchBulkBody,
  MatchBulkQuery,
  MatchQuery,
  MatchResponseSchema,
  PART_KEYS,
} from '../../contract/schemas/match';
import { documentOnly, type ServiceRouter } from './router';

const tags = ['fabricext'];
const params = z.object({ v: VintageParam });
const NO_ADDRESS = 'give text, or the address parts (at least house_number or road)';

const matchRoute = createRoute({
  method: 'get',
  path: '/{v}/match',
  tags,
  summary: 'Address text or parts → ranked fabric locations above a similarity floor',
  request: { params, query: MatchQuery },
  responses: { 200: jsonResponse(MatchResponseSchema, 'matches'), ...errorResponses },
});

const matchBulkRoute = createRoute({
  method: 'post',
  path: '/{v}/match',
  tags,
  summary: `Up to ${MAX_MATCH_ITEMS} addresses → one match answer each, in input order`,
  request: {
    params,
    query: MatchBulkQuery,
    body: { content: { 'application/json': { schema: MatchBulkBody } }, required: true },
  },
  responses: {
    200: jsonResponse(z.array(MatchResponseSchema), 'one answer per address'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    ...errorResponses,
  },
});

type AddressFields = Partial<Record<'text' | (typeof PART_KEYS)[number], string | null>>;

/** Text when given, else the non-blank parts; null when neither names a house or a road. */
function addressOf(q: AddressFields): { text: string } | MatchParts | null {
  const text = q.text?.trim();
  if (text) return { text };
  const parts: MatchParts = {};
  for (const key of PART_KEYS) {
    const value = q[key]?.trim();
    if (value) parts[key] = value;
  }
  return parts.house_number || parts.road ? parts : null;
}

export function matchRoutes(router: ServiceRouter, store: Store): void {
  router.openapi(matchRoute, async (c) => {
    const { v } = c.req.valid('param');
    const q = c.req.valid('query');
    await requireFabricVintage(store, v);
    const address = addressOf(q);
    if (!address) throw invalidParameter('text', NO_ADDRESS);
    return c.json(await store.match(v, address, q.maxresults ?? 1, q.sourcekey ?? null), 200);
  });

  // The body is read by the handler (size cap, any Content-Type, errors naming the item).
  documentOnly(router, matchBulkRoute);
  const { body: _omitBody, ...request } = matchBulkRoute.request;
  router.openapi({ ...matchBulkRoute, request, hide: true }, async (c) => {
    const { v } = c.req.valid('param');
    const maxresults = c.req.valid('query').maxresults ?? 1;
    await requireFabricVintage(store, v);
    const items = await parseJsonBody(c, MatchBulkBody);
    const addresses = items.map((item, i) => {
      const address = addressOf(item);
      if (!address) throw invalidParameter('body', `body[${i}]: ${NO_ADDRESS}`);
      return address;
    });
    // One address at a time: a database-backed store is not flooded with a whole body at once.
    const answers = [];
    for (const [i, a] of addresses.entries()) {
      answers.push(await store.match(v, a, maxresults, items[i]!.sourcekey ?? null));
    }
    return c.json(answers, 200);
  });
}
