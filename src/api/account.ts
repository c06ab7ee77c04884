// The account operation the app reads: listapis, one row per operation and method with the
// credits a call costs and `maxrequest`, the items one call takes (docs/REAL-API.md, "What the
// official client sends"): the chunk size of bulk POSTs.
import { intLike, numberLike } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';
import { request } from './http';

const apiRowSchema = z.looseObject({
  api: z.string(),
  operation: z.string(),
  method: z.string(),
  credits: z.nullish(numberLike),
  maxrequest: z.nullish(intLike),
});
export type ApiRow = z.output<typeof apiRowSchema>;
const apiRowsSchema = z.array(apiRowSchema);

export function listApis(signal?: AbortSignal): Promise<ApiRow[]> {
  return request({
    operation: 'listapis',
    path: '/accountcontrol/listapis',
    signal,
    schema: apiRowsSchema,
  });
}

/** The documented bulk limit (docs/SERVICE.md, "Limits": bulk ids), when listapis is silent. */
export const DEFAULT_MAXREQUEST = 1000;

/** Items one POST of `api`/`operation` takes: its listapis row's maxrequest, else the default. */
export function maxRequestOf(rows: readonly ApiRow[] | undefined, api: string, operation: string) {
  const row = rows?.find(
    (r) => r.api === api && r.operation === operation && r.method.toUpperCase() === 'POST',
  );
  const max = row?.maxrequest;
  return typeof max === 'number' && max >= 1 ? max : DEFAULT_MAXREQUEST;
}
