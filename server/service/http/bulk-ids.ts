// The ids of a bulk request, from either body form: `{"location_id": [...]}` / `{"uuid": [...]}`
// (this project's) or a bare array (what the official client sends: strings are uuids, numbers
// location_ids). Every refusal names the rule, never a bare "invalid shape".
import type { Context } from 'hono';
import type { z } from 'zod';
import type { LayerName } from '../store/store';
import { BulkArrayBody, BulkObjectBody } from '../../contract/schemas/fabric';
import { readJsonBody } from '../../contract/body';
import { ServiceError, invalidParameter } from '../../contract/errors';
import { describeIssue } from '../../contract/zod-errors';

export type BulkIds = { location_id: number[] } | { uuid: string[] };

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ServiceError(
    'invalid_parameter',
    issue ? describeIssue(issue, 'body') : 'request body is invalid',
    { parameter: 'body', path: issue?.path.join('.') ?? '' },
  );
}

function fromArray(ids: (string | number)[]): BulkIds {
  const uuids = ids.filter((id): id is string => typeof id === 'string');
  if (uuids.length === ids.length) return { uuid: uuids };
  if (uuids.length === 0) return { location_id: ids as number[] };
  throw invalidParameter(
    'body',
    'a bare array body must hold only uuids (strings) or only location_ids (numbers), not both',
  );
}

/** Reads and checks the body; only the locations layer has location_ids. */
export async function readBulkIds(c: Context, layer: LayerName): Promise<BulkIds> {
  const body = await readJsonBody(c);
  let ids: BulkIds;
  if (Array.isArray(body)) {
    ids = fromArray(parsed(BulkArrayBody, body));
  } else if (typeof body === 'object' && body !== null) {
    const form = parsed(BulkObjectBody, body);
    if ((form.location_id === undefined) === (form.uuid === undefined)) {
      throw invalidParameter('body', 'body must hold exactly one of location_id or uuid');
    }
    ids = form.location_id ? { location_id: form.location_id } : { uuid: form.uuid! };
  } else {
    throw invalidParameter(
      'body',
      'body must be an array of ids or an object with location_id or uuid',
    );
  }
  if (layer !== 'locations' && 'location_id' in ids) {
    throw invalidParameter('body', `the ${layer} layer is asked by uuid only, not location_id`);
  }
  return ids;
}
