// Per-vintage location attributes derived from that vintage's fixed coverage: what summarize
// groups and sums. Built once per vintage into typed columns, never per request.
import {
  BEAD_SERVED_FLOOR as SERVED,
  BEAD_UNDERSERVED_FLOOR as UNDERSERVED,
  RELIABLE_TECHNOLOGIES as RELIABLE,
} from '../../../../shared/served-status';
import type { FixedCoverage } from '../fabric';

export const SERVED_STATUS = ['unserved', 'underserved', 'served'] as const;

const FIBER = 50;

export interface CoverageColumns {
  servedStatus: Uint8Array; // index into SERVED_STATUS
  maxDown: Uint32Array; // best advertised over every technology, Mbps
  maxUp: Uint32Array;
  providerCount: Uint8Array; // distinct providers, any technology
  fiberProviderCount: Uint8Array; // distinct providers offering fiber to the premises
}

export function buildCoverageColumns(cov: FixedCoverage, locationCount: number): CoverageColumns {
  const servedStatus = new Uint8Array(locationCount);
  const maxDown = new Uint32Array(locationCount);
  const maxUp = new Uint32Array(locationCount);
  const providerCount = new Uint8Array(locationCount);
  const fiberProviderCount = new Uint8Array(locationCount);
  // Provider sets as bitmasks over provider indexes; the fabric has few fixed providers.
  const seen = new Uint8Array(256);
  const seenFiber = new Uint8Array(256);
  const { provider, technology, down: offerDown, up: offerUp, lowLatency } = cov.offers;
  for (let i = 0; i < locationCount; i++) {
    const from = cov.start[i];
    const to = cov.start[i + 1];
    let down = 0;
    let up = 0;
    let status = 0;
    let providers = 0;
    let fiber = 0;
    for (let r = from; r < to; r++) {
      const o = cov.offer[r];
      const p = provider[o];
      const d = offerDown[o];
      const u = offerUp[o];
      if (d > down) down = d;
      if (u > up) up = u;
      if (RELIABLE.has(technology[o]) && lowLatency[o] === 1) {
        // BEAD counts offers to either audience here: a location is served if anyone is sold
        // reliable 100/20 there (the location panel splits residential from business).
        if (d >= SERVED.down && u >= SERVED.up) status = 2;
        else if (d >= UNDERSERVED.down && u >= UNDERSERVED.up && status < 1) status = 1;
      }
      if (!seen[p]) {
        seen[p] = 1;
        providers++;
      }
      if (technology[o] === FIBER && !seenFiber[p]) {
        seenFiber[p] = 1;
        fiber++;
      }
    }
    for (let r = from; r < to; r++) {
      seen[provider[cov.offer[r]]] = 0;
      seenFiber[provider[cov.offer[r]]] = 0;
    }
    servedStatus[i] = status;
    maxDown[i] = down;
    maxUp[i] = up;
    providerCount[i] = providers;
    fiberProviderCount[i] = fiber;
  }
  return { servedStatus, maxDown, maxUp, providerCount, fiberProviderCount };
}
