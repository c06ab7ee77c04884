// Fixed broadband status under a planner's filters (audience, speed threshold, technology,
// low latency): the one rule the location badge, the map layer, the hexagon counts and their
// tests share (docs/architecture.md, "The fixed broadband path"). With the default filters it is the BEAD rule of served-status.ts.
// Locations travel as two 18-character tier strings (encodeTiers) so a filter change
// re-evaluates the same rule without refetching any offer.
import {
  RELIABLE_TECHNOLOGIES,
  meetsThreshold,
  servesAudience,
  type Audience,
  type FixedOffer,
  type ServedStatus,
  type Speed,
} from './served-status';
import { parseProviderParameter } from './provider-filter';

export type SpeedChoice = 'bead' | '25/3' | '100/20' | '250/25' | '1000/100';
export type TechChoice =
  'any' | 'wired' | 'licensed' | 'fiber' | 'cable' | 'copper' | 'fixedwireless' | 'satellite';

export interface FixedFilters {
  audience: Audience;
  speed: SpeedChoice;
  tech: TechChoice;
  lowLatency: boolean;
  /** One provider's claims only (its provider_id); null or absent: every provider (provider-filter.ts). */
  provider?: number | null;
}

export const DEFAULT_FIXED_FILTERS: Readonly<FixedFilters> = Object.freeze({
  audience: 'residential',
  speed: 'bead',
  tech: 'any',
  lowLatency: false,
});

/** The technology codes a tier string carries, in its order (two digits each). */
export const TIER_TECHNOLOGIES: readonly number[] = [0, 10, 40, 50, 60, 61, 70, 71, 72];

/** Tier k (1..4) is the k-th of these; each dominates the one before in both speeds. */
export const TIERS: readonly Speed[] = [
  { down: 25, up: 3 },
  { down: 100, up: 20 },
  { down: 250, up: 25 },
  { down: 1000, up: 100 },
];

export interface TechChoiceInfo {
  value: TechChoice;
  label: string;
  codes: readonly number[];
  /** Every code of the choice is a BEAD-reliable technology. */
  reliable: boolean;
}

function techChoice(value: TechChoice, name: string, codes: readonly number[]): TechChoiceInfo {
  const reliable = codes.every((code) => RELIABLE_TECHNOLOGIES.has(code));
  return { value, label: reliable ? `${name} (BEAD-reliable)` : name, codes, reliable };
}

export const TECH_CHOICES: readonly TechChoiceInfo[] = [
  techChoice('any', 'Any technology', TIER_TECHNOLOGIES),
  techChoice('wired', 'Wired (copper, cable, fiber)', [10, 40, 50]),
  techChoice(
    'licensed',
    'Licensed terrestrial (wired + licensed fixed wireless)',
    [10, 40, 50, 71, 72],
  ),
  techChoice('fiber', 'Fiber only', [50]),
  techChoice('cable', 'Cable', [40]),
  techChoice('copper', 'Copper (DSL)', [10]),
  techChoice('fixedwireless', 'Fixed wireless (licensed and unlicensed)', [70, 71, 72]),
  techChoice('satellite', 'Satellite', [60, 61]),
];

export const SPEED_CHOICES: readonly { value: SpeedChoice; label: string }[] = [
  { value: 'bead', label: 'BEAD (reliable, low latency: 25/3 and 100/20)' },
  { value: '25/3', label: '25/3 Mbps' },
  { value: '100/20', label: '100/20 Mbps' },
  { value: '250/25', label: '250/25 Mbps' },
  { value: '1000/100', label: '1000/100 Mbps' },
];

const techCodes = new Map(TECH_CHOICES.map((choice) => [choice.value, choice.codes]));

/** An offer's tier: the highest of TIERS whose down and up it both meets; 0 below 25/3. */
export function offerTier(offer: FixedOffer): number {
  let tier = 0;
  while (tier < TIERS.length && meetsThreshold(offer, TIERS[tier]!)) tier++;
  return tier;
}

/** What the filters count: which codes, whether low latency is required, the tier for "served". */
export interface CountingRule {
  codes: readonly number[];
  lowLatency: boolean;
  servedTier: number;
}

export function countingRule(filters: FixedFilters): CountingRule {
  const codes = techCodes.get(filters.tech) ?? [];
  if (filters.speed === 'bead') {
    return {
      codes: codes.filter((code) => RELIABLE_TECHNOLOGIES.has(code)),
      lowLatency: true,
      servedTier: 2,
    };
  }
  const servedTier = SPEED_CHOICES.findIndex((choice) => choice.value === filters.speed);
  return { codes, lowLatency: filters.lowLatency, servedTier };
}

/** The status from the best tier among counted offers: served at the rule's tier, underserved from 25/3. */
export function statusFromBestTier(best: number, rule: CountingRule): ServedStatus {
  if (best >= rule.servedTier) return 'served';
  return best >= 1 ? 'underserved' : 'unserved';
}

/** An offer's tier when the rule counts it for the audience, else 0. */
export function countedTier(offer: FixedOffer, rule: CountingRule, audience: Audience): number {
  if (!rule.codes.includes(offer.technology_code)) return 0;
  if (rule.lowLatency && offer.low_latency !== 1) return 0;
  return servesAudience(offer, audience) ? offerTier(offer) : 0;
}

/** A location's status from its fixed records under the filters (the reference rule). */
export function statusFromOffers(
  offers: readonly FixedOffer[],
  filters: FixedFilters,
): ServedStatus {
  const rule = countingRule(filters);
  let best = 0;
  for (const offer of offers) best = Math.max(best, countedTier(offer, rule, filters.audience));
  return statusFromBestTier(best, rule);
}

/**
 * The 18-character tier string of one audience's offers: per code of TIER_TECHNOLOGIES, the
 * best tier at any latency, then the best low-latency tier.
 */
export function encodeTiers(offers: readonly FixedOffer[], audience: Audience): string {
  const best = Array.from({ length: TIER_TECHNOLOGIES.length * 2 }, () => 0);
  for (const offer of offers) {
    const slot = TIER_TECHNOLOGIES.indexOf(offer.technology_code);
    if (slot < 0 || !servesAudience(offer, audience)) continue;
    const tier = offerTier(offer);
    best[slot * 2] = Math.max(best[slot * 2]!, tier);
    if (offer.low_latency === 1) best[slot * 2 + 1] = Math.max(best[slot * 2 + 1]!, tier);
  }
  return best.join('');
}

/** The same status as statusFromOffers, from the filters' audience's tier string. */
export function statusFromTiers(tiers: string, filters: FixedFilters): ServedStatus {
  const rule = countingRule(filters);
  let best = 0;
  for (const code of rule.codes) {
    const digit = tiers.charCodeAt(tierIndex(code, rule.lowLatency)) - 48;
    if (digit > best) best = digit;
  }
  return statusFromBestTier(best, rule);
}

/** Position in a tier string of a code's any-latency (or low-latency) digit. */
export function tierIndex(code: number, lowLatency: boolean): number {
  return TIER_TECHNOLOGIES.indexOf(code) * 2 + (lowLatency ? 1 : 0);
}

/** What a location is drawn and counted as: a BEAD status only for a BSL in the release. */
export type FixedLocationStatus = ServedStatus | 'nooffers' | 'notinrelease' | 'notbsl';

/** Every status, in the order tables list them (BEAD statuses first). */
export const FIXED_LOCATION_STATUSES = [
  'served',
  'underserved',
  'unserved',
  'nooffers',
  'notinrelease',
  'notbsl',
] as const satisfies readonly FixedLocationStatus[];

export interface FixedLocationFacts {
  inRelease: boolean;
  bsl: boolean;
  /** Fixed records at the coverage vintage, before any filter. */
  offers: number;
  /** The tier string of the filters' audience. */
  tiers: string;
}

/**
 * The first steps of the rule, before any offer is read: a location outside the release gets no
 * status, a non-BSL is never counted as unserved. Null: the location is counted by its offers.
 * Every count (badge, map, hexagons, report, summary, location list) starts here.
 */
export function uncountedStatus(place: {
  inRelease: boolean;
  bsl: boolean;
}): 'notinrelease' | 'notbsl' | null {
  if (!place.inRelease) return 'notinrelease';
  if (!place.bsl) return 'notbsl';
  return null;
}

export function locationFixedStatus(
  location: FixedLocationFacts,
  filters: FixedFilters,
): FixedLocationStatus {
  const uncounted = uncountedStatus(location);
  if (uncounted) return uncounted;
  if (location.offers === 0) return 'nooffers';
  return statusFromTiers(location.tiers, filters);
}

/** A status as tables count it, one row per location: "no offers" is a part of "unserved". */
export type TableStatus = Exclude<FixedLocationStatus, 'nooffers'>;

/** The rows of a status table, in FIXED_LOCATION_STATUSES's order; they sum to the locations. */
export const TABLE_STATUSES = FIXED_LOCATION_STATUSES.filter(
  (s): s is TableStatus => s !== 'nooffers',
);

export function tableStatus(status: FixedLocationStatus): TableStatus {
  return status === 'nooffers' ? 'unserved' : status;
}

/** The query and URL parameter of each filter, and the values it takes. */
export const FIXED_FILTER_PARAMETERS = {
  audience: ['residential', 'business'],
  speed: SPEED_CHOICES.map((choice) => choice.value),
  tech: TECH_CHOICES.map((choice) => choice.value),
  lowlatency: ['0', '1'],
} as const satisfies Record<string, readonly string[]>;

export interface FixedFilterError {
  parameter: keyof typeof FIXED_FILTER_PARAMETERS | 'provider';
  message: string;
  allowed: readonly string[];
}

export type ParsedFixedFilters =
  { ok: true; filters: FixedFilters } | { ok: false; errors: FixedFilterError[] };

/**
 * Filters from a service query or the app's URL: a missing parameter takes its default, any
 * other value outside the allowed ones is an error naming the parameter.
 */
export function parseFixedFilters(
  record: Readonly<Record<string, string | undefined>>,
): ParsedFixedFilters {
  const errors: FixedFilterError[] = [];
  const pick = <K extends keyof typeof FIXED_FILTER_PARAMETERS>(
    parameter: K,
  ): (typeof FIXED_FILTER_PARAMETERS)[K][number] | undefined => {
    const value = record[parameter];
    if (value === undefined) return undefined;
    const allowed: readonly string[] = FIXED_FILTER_PARAMETERS[parameter];
    if (allowed.includes(value)) return value as (typeof FIXED_FILTER_PARAMETERS)[K][number];
    errors.push({
      parameter,
      message: `${parameter} must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`,
      allowed,
    });
    return undefined;
  };
  const audience = pick('audience') ?? DEFAULT_FIXED_FILTERS.audience;
  const speed = pick('speed') ?? DEFAULT_FIXED_FILTERS.speed;
  const tech = pick('tech') ?? DEFAULT_FIXED_FILTERS.tech;
  const lowlatency = pick('lowlatency');
  const provider = parseProviderParameter(record.provider);
  if (!provider.ok) errors.push({ parameter: 'provider', message: provider.message, allowed: [] });
  if (errors.length > 0 || !provider.ok) return { ok: false, errors };
  const lowLatency =
    lowlatency === undefined ? DEFAULT_FIXED_FILTERS.lowLatency : lowlatency === '1';
  const chosen = provider.provider === null ? {} : { provider: provider.provider };
  return { ok: true, filters: { audience, speed, tech, lowLatency, ...chosen } };
}

/**
 * The parameters that parseFixedFilters reads back as the same filters; `provider` only when one
 * is chosen, so the parameters (and every key and file stamp made of them) without one are as before.
 */
export function fixedFiltersRecord(
  filters: FixedFilters,
): Record<keyof typeof FIXED_FILTER_PARAMETERS, string> & { provider?: string } {
  return {
    audience: filters.audience,
    speed: filters.speed,
    tech: filters.tech,
    lowlatency: filters.lowLatency ? '1' : '0',
    ...(filters.provider == null ? {} : { provider: String(filters.provider) }),
  };
}
