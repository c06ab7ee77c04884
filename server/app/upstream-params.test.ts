// The upstream table covers the whole operations table, and only contract parameters pass.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../contract/errors';
import { OPERATIONS, findOperation, type OperationDef } from '../contract/operations';
import { UPSTREAM_OPERATIONS, allowedQueryParams, forwardableQuery } from './upstream-params';

function opAt(method: string, path: string): OperationDef {
  const op = findOperation(method, path);
  if (!op) throw new Error(`no operation at ${method} ${path}`);
  return op;
}

describe('upstream operation table', () => {
  it('has an entry for every operation of the operations table', () => {
    const names = OPERATIONS.map((o) => o.name);
    expect(names.filter((n) => !(n in UPSTREAM_OPERATIONS))).toEqual([]);
  });

  it('checks every cacheable answer against a schema before it may be cached', () => {
    const unchecked = OPERATIONS.filter(
      (o) => o.cacheable && typeof UPSTREAM_OPERATIONS[o.name]?.answer === 'string',
    );
    expect(unchecked.map((o) => o.name)).toEqual([]);
  });

  it("derives each operation's parameters from the service's query schema", () => {
    expect(allowedQueryParams('fixedCoverage')).toEqual(['location_id', 'vintage']);
    expect(allowedQueryParams('locate')).toEqual(
      expect.arrayContaining(['latitude', 'longitude', 'parceldistancem', 'neardistancem']),
    );
    expect(allowedQueryParams('fabricVintages')).toEqual([]);
  });
});

describe('forwardableQuery', () => {
  const fixed = opAt('GET', '/coverage/bdcfixed');

  it('sorts the contract parameters, so the order never makes a second cache key', () => {
    const a = forwardableQuery(fixed, new URLSearchParams('vintage=202506&location_id=7'));
    const b = forwardableQuery(fixed, new URLSearchParams('location_id=7&vintage=202506'));
    expect(String(a)).toBe('location_id=7&vintage=202506');
    expect(String(b)).toBe(String(a));
  });

  it('refuses an unknown parameter with a 400 naming it and the accepted ones', () => {
    const err = forwardableQuery(fixed, new URLSearchParams('location_id=7&x=random'));
    expect(err).toBeInstanceOf(ServiceError);
    const e = err as ServiceError;
    expect(e.status).toBe(400);
    expect(e.details).toEqual({ parameter: 'x' });
    expect(e.message).toBe(
      'unknown query parameter "x": fixedCoverage accepts only location_id, vintage',
    );
  });

  it('refuses any parameter on an operation that takes none', () => {
    const err = forwardableQuery(opAt('GET', '/fabric/layers'), new URLSearchParams('a=1'));
    expect((err as ServiceError).message).toBe(
      'unknown query parameter "a": fabricLayers takes no query parameters',
    );
  });

  it('refuses a parameter given twice', () => {
    const err = forwardableQuery(fixed, new URLSearchParams('location_id=7&location_id=8'));
    expect((err as ServiceError).message).toBe(
      'query parameter "location_id" must be given at most once',
    );
  });
});
