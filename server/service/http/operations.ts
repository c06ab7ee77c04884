// Every operation of SERVICE.md as method + path pattern. One table serves three needs:
// 405 answers (which methods a known path accepts), the auth form (coverage operations take
// `<token_type> <token>`), and the app server's upstream allowlist.

export type ServiceArea = 'fabric' | 'fabricext' | 'coverage';

export interface OperationDef {
  name: string;
  method: 'GET' | 'POST';
  area: ServiceArea;
  pattern: RegExp;
  /** Answers change only with the vintage, so the app server may cache them. */
  cacheable: boolean;
}

const V = '\\d{6}';
const LAYER = '[a-z_]+';

function op(
  name: string,
  method: OperationDef['method'],
  area: ServiceArea,
  path: string,
  cacheable = false,
): OperationDef {
  return { name, method, area, pattern: new RegExp(`^${path}$`), cacheable };
}

export const OPERATIONS: readonly OperationDef[] = [
  op('fabricVintages', 'GET', 'fabric', '/fabric/vintages'),
  op('fabricLayers', 'GET', 'fabric', '/fabric/layers'),
  op('fields', 'GET', 'fabric', `/fabric/${V}/fields/${LAYER}`),
  op('data', 'GET', 'fabric', `/fabric/${V}/data/${LAYER}`),
  op('bulk', 'POST', 'fabric', `/fabric/${V}/bulk/${LAYER}`),
  op('tile', 'GET', 'fabric', `/fabric/${V}/tiles/\\d{1,2}/\\d{1,7}/\\d{1,7}\\.pbf`),
  op('match', 'GET', 'fabricext', `/fabricext/${V}/match`),
  op('matchBulk', 'POST', 'fabricext', `/fabricext/${V}/match`),
  op('history', 'GET', 'fabricext', `/fabricext/${V}/history`),
  op('locate', 'GET', 'fabricext', `/fabricext/${V}/locate`),
  op('locateBulk', 'POST', 'fabricext', `/fabricext/${V}/locate`),
  op('translate', 'GET', 'fabricext', `/fabricext/${V}/translate`),
  op('summarize', 'POST', 'fabricext', `/fabricext/${V}/summarize`),
  op('coverageVintages', 'GET', 'coverage', '/coverage/vintages'),
  op('fixedCoverage', 'GET', 'coverage', '/coverage/bdcfixed', true),
  op('fixedCoverageBulk', 'POST', 'coverage', '/coverage/bdcfixed', true),
  op('mobileCoverage', 'GET', 'coverage', '/coverage/bdcmobile', true),
  op('mobileCoverageBulk', 'POST', 'coverage', '/coverage/bdcmobile', true),
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

export function areaOfPath(path: string): ServiceArea | null {
  const first = path.split('/')[1];
  return first === 'fabric' || first === 'fabricext' || first === 'coverage' ? first : null;
}
