// The official client's workflows (collect, attach, locate, match) over its wire behaviour:
// each makes the calls that client makes, in its forms, chosen by its credit arithmetic over
// listapis. Beside them, the coverage and boundary calls its examples make.
import { mergeList, type OfficialClientWire, type Row } from './official-client-wire';
import { pythonUrlencode, type PyValue } from './python-wire-format';

interface CollectAnswer {
  data: string[];
  continuations: { body: PyValue }[];
}

/**
 * The uuids inside an area: POST it; an answer with continuations is followed (each body
 * POSTed in turn) and its own data ignored; one without gives its data. The client keeps the
 * set of them; `received` counts them before, so a test sees a uuid given twice.
 */
export async function collect(
  client: OfficialClientWire,
  vintage: string,
  layer: string,
  geojson: PyValue,
): Promise<{ uuids: string[]; received: number }> {
  const results: string[] = [];
  const visit = async (body: PyValue) => {
    const url = `${client.opts.baseurl}fabric/${vintage}/collect3/${layer}`;
    const answer = (await client.apiAction(url, 'POST', body)) as CollectAnswer;
    if (answer.continuations.length > 0) {
      for (const c of answer.continuations) await visit(c.body);
    } else results.push(...answer.data);
  };
  await visit(geojson);
  return { uuids: [...new Set(results)], received: results.length };
}

/**
 * Fields of each uuid: per-uuid GETs of data when they cost fewer credits, else bulk POSTs of
 * bare uuid arrays, five fields a call, merged on uuid. GET records keep only the fields and
 * uuid; bulk records are what the service answered, merged.
 */
export async function attach(
  client: OfficialClientWire,
  vintage: string,
  uuids: readonly string[],
  fieldList: readonly string[],
): Promise<Row[]> {
  const fields = [...fieldList];
  const bulkCalls = Math.ceil(uuids.length / client.getMaxRequest('fabric', 'bulk'));
  const bulkCost = client.getCredits('fabric', 'bulk', 'POST') * Math.ceil(fields.length / 5);
  const base = client.opts.baseurl;
  if (client.getCredits('fabric', 'data', 'GET') * uuids.length < bulkCost * bulkCalls) {
    if (!fields.includes('uuid')) fields.push('uuid');
    const items = uuids.map((uuid) => ({ uuid }));
    const url = `${base}fabric/${vintage}/data/locations`;
    const results = (await client.bulkApiAction(url, 'GET', items, 1)) as Row[];
    for (const r of results) for (const k of Object.keys(r)) if (!fields.includes(k)) delete r[k];
    return results;
  }
  const results: Row[] = [];
  for (let i = 0; i < fields.length; i += 5) {
    const url = `${base}fabric/${vintage}/bulk/locations?field=${fields.slice(i, i + 5).join(',')}`;
    const max = client.getMaxRequest('fabric', 'bulk');
    results.push(...((await client.bulkApiAction(url, 'POST', uuids, max)) as Row[]));
  }
  return mergeList(results, 'uuid');
}

export interface LocateOptions {
  /** 0..1: groups of fewer than credits(locate POST) × this many points go by GET. */
  optTolerance?: number;
  parceldistancem?: number;
  neardistancem?: number;
}

/**
 * Locations of points ({sourcekey, latitude, longitude, ...any columns}): each gets res=4,
 * h3assign gives its cell, the rows merged with the answers on sourcekey are grouped by cell;
 * small groups go point by point as GETs (every column in the query), the others as POST
 * chunks of maxrequest rows. The rows are changed in place, as the client changes its list.
 */
export async function locate(
  client: OfficialClientWire,
  vintage: string,
  rows: Row[],
  { optTolerance = 0.5, parceldistancem, neardistancem }: LocateOptions = {},
): Promise<Row[]> {
  for (const r of rows) r.res = 4;
  const cells = (await client.bulkApiAction('geosvc/h3assign', 'POST', rows, 1000, 8)) as Row[];
  const groups = new Map<PyValue, Row[]>();
  for (const r of mergeList([...rows, ...cells], 'sourcekey')) {
    groups.set(r.h3!, [...(groups.get(r.h3!) ?? []), r]);
  }
  const qs: Row = {};
  if (parceldistancem !== undefined) qs.parceldistancem = parceldistancem;
  if (neardistancem !== undefined) qs.neardistancem = neardistancem;
  const url = `${client.opts.baseurl}fabricext/${vintage}/locate${Object.keys(qs).length > 0 ? '?' : ''}${pythonUrlencode(qs)}`;
  const cost = client.getCredits('fabricext', 'locate', 'POST');
  const results: Row[] = [];
  const single: Row[] = [];
  for (const group of groups.values()) {
    if (group.length < cost * optTolerance) single.push(...group);
    else {
      const max = client.getMaxRequest('fabricext', 'locate');
      results.push(...((await client.bulkApiAction(url, 'POST', group, max)) as Row[]));
    }
  }
  results.push(...((await client.bulkApiAction(url, 'GET', single, 1)) as Row[]));
  return results;
}

/** Addresses ({sourcekey, text} or {sourcekey, parts...}): GETs when cheaper, else POST chunks. */
export async function match(
  client: OfficialClientWire,
  vintage: string,
  rows: readonly Row[],
): Promise<Row[]> {
  const url = `fabricext/${vintage}/match`;
  if (
    rows.length * client.getCredits('fabricext', 'match', 'GET') <
    client.getCredits('fabricext', 'match', 'POST')
  ) {
    return (await client.bulkApiAction(url, 'GET', rows, 1, 16)) as Row[];
  }
  const max = client.getMaxRequest('fabricext', 'match');
  return (await client.bulkApiAction(url, 'POST', rows, max, 16)) as Row[];
}

/** Fixed coverage of location_ids, 1000 a POST (the client's coverage example). */
export async function bdcfixed(
  client: OfficialClientWire,
  vintage: string,
  ids: readonly number[],
): Promise<Row[]> {
  const url = `coverage/bdcfixed?vintage=${vintage}`;
  return (await client.bulkApiAction(url, 'POST', ids, 1000)) as Row[];
}
