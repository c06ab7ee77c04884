// collect3 continuations: the part a client posts next, sealed so a client can't forge one or
// replay it against another vintage, layer or area. A token is the part and what it was issued
// for, as JSON, with an HMAC under a key made when the service starts; so a token from before a
// restart is refused too (the client collects the area again from the start).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CollectPart } from '../store/store';
import { ServiceError } from '../../contract/errors';

export interface ContinuationClaims {
  v: string;
  layer: string;
  /** areaDigest of the area the part belongs to. */
  area: string;
  part: CollectPart;
}

const Claims = z.object({
  v: z.string(),
  layer: z.string(),
  area: z.string(),
  part: z.union([
    z.object({ node: z.tuple([z.number().int(), z.number().int()]) }),
    z.object({ points: z.array(z.number().int()) }),
  ]),
});

/**
 * The digest of an area as validated (JSON of its polygons), so the same area gives the same
 * digest whatever GeoJSON wrapped it: a Polygon, a Feature, or a continuation's MultiPolygon.
 */
export function areaDigest(areaJson: string): string {
  return createHash('sha256').update(areaJson).digest('base64url').slice(0, 22);
}

export function continuationError(rule: string, message: string): ServiceError {
  return new ServiceError('invalid_parameter', message, { parameter: 'continuation', rule });
}

export interface ContinuationSigner {
  seal(claims: ContinuationClaims): string;
  /** The part of a token issued for exactly this vintage, layer and area; else a 400. */
  open(token: string, expected: Omit<ContinuationClaims, 'part'>): CollectPart;
}

export function createContinuationSigner(key: Buffer = randomBytes(32)): ContinuationSigner {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    seal(claims) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    open(token, expected) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) {
        throw continuationError(
          'format',
          'continuation is malformed; post the body of a continuation unchanged',
        );
      }
      const given = Buffer.from(signature, 'base64url');
      const wanted = mac(payload);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
        throw continuationError(
          'signature',
          'continuation was not issued by this service (or by an earlier run of it); post the area again without it',
        );
      }
      const claims = Claims.parse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
      if (claims.v !== expected.v || claims.layer !== expected.layer) {
        throw continuationError(
          'operation',
          `continuation was issued for vintage ${claims.v} layer ${claims.layer}, not ${expected.v} ${expected.layer}`,
        );
      }
      if (claims.area !== expected.area) {
        throw continuationError(
          'area',
          'continuation was issued for another area; post the body of a continuation unchanged',
        );
      }
      return claims.part;
    },
  };
}
