// Every operation of docs/SERVICE.md as method + path pattern. One table serves four needs:
// 405 answers (which methods a known path accepts), the auth form (coverage operations take
// `<token_type> <token>`), the app server's upstream allowlist, and the account operations
// (listapis publishes each row's credits and chunk limit; getusage counts calls per row).

export type ServiceArea = 'fabric' | 'fabricext' | 'coverage' | 'accountcontrol' | 'geosvc';

export interface OperationDef {
  name: string;
  method: 'GET' | 'POST';
  area: ServiceArea;
  pattern: RegExp;
  /** Answers change only with the vintage, so the app server may cache them. */
  cacheable: boolean;
  /** The name listapis gives it: the path's first fixed segment after the area ("bulk"). */
  operation: string;
  /** Credits one call costs; see Billing. */
  credits: number;
  /** Items one call takes: the chunk size a client splits a bulk POST into; 1 otherwise. */
  maxrequest: number;
}

/**
 * Credits per call, chosen so the real client's arithmetic picks the cheaper form: metadata
 * and account reads are free, a per-item GET costs 1, a bulk POST of up to 1000 items costs
 * 50 (so batching pays from 50 items on), an area operation costs 10. Defaults by method:
 * GET 1 credit for 1 item, POST 50 credits for up to 1000 (the service's bulk id limit).
 */
export interface Billing {
  credits?: number;
  maxrequest?: number;
}

const FREE: Billing = { credits: 0 };
const AREA_CALL: Billing = { credits: 10, maxrequest: 1 };

const V = '\\d{6}';
const LAYER = '[a-z_]+';
const TILE = '\\d{1,2}/\\d{1,7}/\\d{1,7}\\.pbf';

/** `/fabric/${V}/bulk/${LAYER}` → "bulk": the first plain segment after the area. */
function operationName(path: string): string {
  const segments = path.split('/').slice(2);
  return segments.find((s) => /^[a-z0-9]+$/.test(s)) ?? segments[0] ?? '';
}

function op(
  name: string,
  method: OperationDef['method'],
  area: ServiceArea,
  path: string,
  cacheable = false,
  billing: Billing = {},
): OperationDef {
  return {
    name,
    method,
    area,
    pattern: new RegExp(`^${path}$`),
    cacheable,
    operation: operationName(path),
    credits: billing.credits ?? (method === 'GET' ? 1 : 50),
    maxrequest: billing.maxrequest ?? (method === 'GET' ? 1 : 1000),
  };
}

export const OPERATIONS: readonly OperationDef[] = [
  op('fabricVintages', 'GET', 'fabric', '/fabric/vintages', false, FREE),
  op('fabricLayers', 'GET', 'fabric', '/fabric/layers', false, FREE),
  op('fields', 'GET', 'fabric', `/fabric/${V}/fields/${LAYER}`, false, FREE),
  op('data', 'GET', 'fabric', `/fabric/${V}/data/${LAYER}`),
  op('bulk', 'POST', 'fabric', `/fabric/${V}/bulk/${LAYER}`),
  op('tile', 'GET', 'fabric', `/fabric/${V}/tiles/\\d{1,2}/\\d{1,7}/\\d{1,7}\\.pbf`, false, FREE),
  op('match', 'GET', 'fabricext', `/fabricext/${V}/match`),
  op('matchBulk', 'POST', 'fabricext', `/fabricext/${V}/match`),
  // Ours (reference service only): towns, ZIP codes and streets for the search box.
  op('places', 'GET', 'fabricext', `/fabricext/${V}/places`),
  op('history', 'GET', 'fabricext', `/fabricext/${V}/history`),
  op('locate', 'GET', 'fabricext', `/fabricext/${V}/locate`),
  op('locateBulk', 'POST', 'fabricext', `/fabricext/${V}/locate`),
  op('translate', 'GET', 'fabricext', `/fabricext/${V}/translate`),
  op('summarize', 'POST', 'fabricext', `/fabricext/${V}/summarize`, false, AREA_CALL),
  // Ours (reference service only): the planner's area report (docs/SERVICE.md, "report").
  op('report', 'POST', 'fabricext', `/fabricext/${V}/report`, false, AREA_CALL),
  // Ours (reference service only): providers by brand, id or FRN (docs/SERVICE.md, "providers").
  op('providers', 'GET', 'fabricext', `/fabricext/${V}/providers`),
  // Ours: the count a client splits an area by, free so that asking it first costs nothing.
  op('count', 'POST', 'fabricext', `/fabricext/${V}/count`, false, { credits: 0, maxrequest: 1 }),
  op('coverageVintages', 'GET', 'coverage', '/coverage/vintages', false, FREE),
  op('fixedCoverage', 'GET', 'coverage', '/coverage/bdcfixed', true),
  op('fixedCoverageBulk', 'POST', 'coverage', '/coverage/bdcfixed', true),
  op('mobileCoverage', 'GET', 'coverage', '/coverage/bdcmobile', true),
  op('mobileCoverageBulk', 'POST', 'coverage', '/coverage/bdcmobile', true),
  // The reference service's own fixed broadband tiles (docs/architecture.md, "The fixed broadband path"); the real service has none.
  op('fixedTile', 'GET', 'coverage', `/coverage/${V}/fixedtiles/${TILE}`, false, FREE),
  op('fixedHexTile', 'GET', 'coverage', `/coverage/${V}/fixedhex/${TILE}`, false, FREE),
  op('fixedChangeTile', 'GET', 'coverage', `/coverage/${V}/fixedchange/${TILE}`, false, FREE),
  op('fixedChangeHexTile', 'GET', 'coverage', `/coverage/${V}/fixedchangehex/${TILE}`, false, FREE),
  op('collect3', 'POST', 'fabric', `/fabric/${V}/collect3/${LAYER}`, false, AREA_CALL),
  // Older releases of the official client call collect2: collect3 of the locations.
  op('collect2', 'POST', 'fabric', `/fabric/${V}/collect2`, false, AREA_CALL),
  op('listApis', 'GET', 'accountcontrol', '/accountcontrol/listapis', false, FREE),
  op('getUsage', 'GET', 'accountcontrol', '/accountcontrol/getusage', false, FREE),
  // Pure arithmetic on the caller's points: 1 credit for up to 10,000 of them.
  op('h3Assign', 'POST', 'geosvc', '/geosvc/h3assign', false, { credits: 1, maxrequest: 10_000 }),
  op('boundary', 'GET', 'geosvc', '/geosvc/libgetgeo/tiger/2020/[a-z]+'),
];

/** The operation a method + path names, or null. */
export function findOperation(method: string, path: string): OperationDef | null {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return OPERATIONS.find((o) => o.method === m && o.pattern.test(path)) ?? null;
}

/** Methods a path accepts (empty when no operation has that path): for 405 + Allow. */
export function allowedMethods(path: string): string[] {
  return [...new Set(OPERATIONS.filter((o) => o.pattern.test(path)).map((o) => o.method))];
}
