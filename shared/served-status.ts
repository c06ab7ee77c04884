// BEAD (NTIA) served status at one location, from its BDC fixed availability records. Rules
// from docs/DOMAIN.md, "Fixed broadband": only reliable technologies with low latency count;
// unserved below 25/3, underserved at 25/3 but below 100/20, served at 100/20 or more. The web
// app's panel and the reference service's served_status summary field both read this module.

/** The fields of a bdcfixed record this module reads (docs/SERVICE.md, "Coverage operations"). */
export interface FixedOffer {
  technology_code: number;
  max_advertised_download_speed: number;
  max_advertised_upload_speed: number;
  low_latency: number;
  business_residential_code: string;
}

export interface Speed {
  down: number;
  up: number;
}

export type ServedStatus = 'unserved' | 'underserved' | 'served';

/** Who the offer is sold to: R residential only, B business only, X both. */
export type Audience = 'residential' | 'business';

export const BEAD_UNDERSERVED_FLOOR: Speed = { down: 25, up: 3 };
export const BEAD_SERVED_FLOOR: Speed = { down: 100, up: 20 };

/** Copper, cable, fiber, licensed and licensed-by-rule fixed wireless. */
export const RELIABLE_TECHNOLOGIES: ReadonlySet<number> = new Set([10, 40, 50, 71, 72]);

/** Whether an offer reaches a down/up pair (both speeds at or above it). */
export function meetsThreshold(offer: FixedOffer, threshold: Speed): boolean {
  return (
    offer.max_advertised_download_speed >= threshold.down &&
    offer.max_advertised_upload_speed >= threshold.up
  );
}

/** Whether BEAD counts this offer at all: a reliable technology with low latency. */
export function isReliable(offer: FixedOffer): boolean {
  return RELIABLE_TECHNOLOGIES.has(offer.technology_code) && offer.low_latency === 1;
}

/** Whether an offer is sold to the audience; X (both) is sold to either. */
export function servesAudience(offer: FixedOffer, audience: Audience): boolean {
  const code = offer.business_residential_code;
  if (code === 'X') return true;
  return audience === 'residential' ? code === 'R' : code === 'B';
}

/** The BEAD status a planner reports for a location, for residential or business offers. */
export function servedStatus(offers: readonly FixedOffer[], audience: Audience): ServedStatus {
  const counted = offers.filter((o) => isReliable(o) && servesAudience(o, audience));
  if (counted.some((o) => meetsThreshold(o, BEAD_SERVED_FLOOR))) return 'served';
  if (counted.some((o) => meetsThreshold(o, BEAD_UNDERSERVED_FLOOR))) return 'underserved';
  return 'unserved';
}

/** Plain words for the panel. */
export const SERVED_STATUS_LABEL: Record<ServedStatus, string> = {
  unserved: 'Unserved',
  underserved: 'Underserved',
  served: 'Served',
};
