// Per-vintage location attributes derived from that vintage's fixed coverage: what summarize
// groups and sums. Built once per vintage into typed columns, never per request.
import {
  DEFAULT_FIXED_FILTERS,
  countedTier,
  countingRule,
  statusFromBestTier,
} from '../../../../shared/fixed-status';
import type { Audience } from '../../../../shared/served-status';
import { offerRecords } from './ops/fixed-offers-view';
import type { FixedCoverage } from '../fabric';
import { SERVED_STATUS } from '../rules/served-status-codes';
import { startAt } from '../record-starts';

const FIBER = 50;

export interface CoverageColumns {
  /** Per audience, index into SERVED_STATUS: the BEAD rule over offers sold to it. */
  servedStatus: Record<Audience, Uint8Array>;
  maxDown: Uint32Array; // best advertised over every technology, Mbps
  maxUp: Uint32Array;
  providerCount: Uint8Array; // distinct providers, any technology
  fiberProviderCount: Uint8Array; // distinct providers offering fiber to the premises
}

/** Per offer row, its tier when BEAD counts it for the audience (the badge's rule), else 0. */
function beadTiers(cov: FixedCoverage, audience: Audience): Uint8Array {
  const rule = countingRule({ ...DEFAULT_FIXED_FILTERS, audience });
  return Uint8Array.from(offerRecords(cov), (offer) => countedTier(offer, rule, audience));
}

/** SERVED_STATUS index of each best tier 0..4 under the BEAD rule. */
const STATUS_OF_TIER = [0, 1, 2, 3, 4].map((t) =>
  SERVED_STATUS.indexOf(statusFromBestTier(t, countingRule(DEFAULT_FIXED_FILTERS))),
);

export function buildCoverageColumns(cov: FixedCoverage, locationCount: number): CoverageColumns {
  const residential = new Uint8Array(locationCount);
  const business = new Uint8Array(locationCount);
  const tiers = {
    residential: beadTiers(cov, 'residential'),
    business: beadTiers(cov, 'business'),
  };
  const maxDown = new Uint32Array(locationCount);
  const maxUp = new Uint32Array(locationCount);
  const providerCount = new Uint8Array(locationCount);
  const fiberProviderCount = new Uint8Array(locationCount);
  // Provider sets as bitmasks over provider indexes; the fabric has few fixed providers.
  const seen = new Uint8Array(256);
  const seenFiber = new Uint8Array(256);
  const { provider, technology, down: offerDown, up: offerUp } = cov.offers;
  for (let i = 0; i < locationCount; i++) {
    const from = startAt(cov.start, i);
    const to = startAt(cov.start, i + 1);
    let down = 0;
    let up = 0;
    let bestResidential = 0;
    let bestBusiness = 0;
    let providers = 0;
    let fiber = 0;
    for (let r = from; r < to; r++) {
      const o = cov.offer[r];
      const p = provider[o];
      const d = offerDown[o];
      const u = offerUp[o];
      if (d > down) down = d;
      if (u > up) up = u;
      if (tiers.residential[o] > bestResidential) bestResidential = tiers.residential[o];
      if (tiers.business[o] > bestBusiness) bestBusiness = tiers.business[o];
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
    residential[i] = STATUS_OF_TIER[bestResidential];
    business[i] = STATUS_OF_TIER[bestBusiness];
    maxDown[i] = down;
    maxUp[i] = up;
    providerCount[i] = providers;
    fiberProviderCount[i] = fiber;
  }
  return {
    servedStatus: { residential, business },
    maxDown,
    maxUp,
    providerCount,
    fiberProviderCount,
  };
}
