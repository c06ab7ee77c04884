// Account operations: listapis (every operation of the table with its credits and chunk limit;
// the official client cannot start without it) and getusage (the calling token's counts).
import { createRoute, z } from '@hono/zod-openapi';
import { OPERATIONS } from '../../contract/operations';
import { ANONYMOUS_ACCOUNT, type UsageMeter } from '../http/usage-meter';
import { errorResponses, jsonResponse } from '../../contract/schemas/common';
import { ApiRowSchema, UsageSchema } from '../../contract/schemas/accountcontrol';
import { createRouter } from './router';

const tags = ['accountcontrol'];

const listApisRoute = createRoute({
  method: 'get',
  path: '/listapis',
  tags,
  summary: 'Every operation and method with its credits per call and items per call',
  responses: {
    200: jsonResponse(z.array(ApiRowSchema), 'one row per operation and method'),
    ...errorResponses,
  },
});

const getUsageRoute = createRoute({
  method: 'get',
  path: '/getusage',
  tags,
  summary: "The calling token's calls and credits per operation since the service started",
  responses: { 200: jsonResponse(UsageSchema, 'usage'), ...errorResponses },
});

export function accountcontrolRoutes(meter: UsageMeter) {
  const router = createRouter();
  const rows = OPERATIONS.map((o) => ({
    api: o.area,
    operation: o.operation,
    method: o.method,
    credits: o.credits,
    maxrequest: o.maxrequest,
  }));

  router.openapi(listApisRoute, (c) => c.json(rows, 200));
  router.openapi(getUsageRoute, (c) =>
    c.json(meter.report(c.get('clientKey') ?? ANONYMOUS_ACCOUNT), 200),
  );

  return router;
}
