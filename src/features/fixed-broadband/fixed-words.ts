// The fixed broadband layer's words: status names and the rule behind each under the filters,
// the filters in one line, the hexagon classes and a hexagon's counts.
import {
  TECH_CHOICES,
  type FixedFilters,
  type FixedLocationStatus,
} from '../../../shared/fixed-status';
import { HEX_CLASSES } from './fixed-styles';

export const STATUS_LABEL: Record<FixedLocationStatus, string> = {
  served: 'Served',
  underserved: 'Underserved',
  unserved: 'Unserved',
  nooffers: 'Unserved: no offers',
  notinrelease: 'Not in this release',
  notbsl: 'Not a BSL',
};

/** What puts a location in a status, under the filters. */
export function statusRule(status: FixedLocationStatus, filters: FixedFilters): string {
  const bead = filters.speed === 'bead';
  const served = bead ? '100/20' : filters.speed;
  const reliable = bead ? 'reliable ' : '';
  switch (status) {
    case 'served':
      return `Has ${reliable}${served} Mbps or more`;
    case 'underserved':
      return served === '25/3'
        ? 'None at a 25/3 threshold'
        : `Has ${reliable}25/3 Mbps, not ${served}`;
    case 'unserved':
      return `No ${reliable}offer of 25/3 Mbps`;
    case 'nooffers':
      return 'No fixed offer reported';
    case 'notinrelease':
      return 'No status: not in the coverage release';
    case 'notbsl':
      return 'No status: not broadband serviceable';
  }
}

const AUDIENCE_LABEL = { residential: 'Residential', business: 'Business' } as const;

/**
 * "Residential · BEAD · Any technology", for the legend and the Filters button; with a provider
 * filter, its name after (what that provider alone claims).
 */
export function filtersSummary(filters: FixedFilters, providerName: string | null = null): string {
  const speed =
    filters.speed === 'bead'
      ? 'BEAD'
      : `${filters.speed} Mbps${filters.lowLatency ? ', low latency' : ''}`;
  const tech = TECH_CHOICES.find((c) => c.value === filters.tech)?.label ?? filters.tech;
  const words = `${AUDIENCE_LABEL[filters.audience]} · ${speed} · ${tech.replace(/ \(.*\)$/, '')}`;
  return providerName === null ? words : `${words} · ${providerName} only`;
}

/** "0–10 %", …, "75–100 %". */
export function hexClassLabel(k: number): string {
  const c = HEX_CLASSES[k]!;
  return `${Math.round(c.from * 100)}–${Math.round(c.to * 100)} %`;
}

/** A share of a count as a whole percentage ("0 %" when there is nothing to share). */
export function percent(part: number, whole: number): string {
  return `${whole > 0 ? Math.round((part / whole) * 100) : 0} %`;
}

const n = (value: number) => value.toLocaleString('en-US');

/** "N locations, M BSLs, x % unserved, y % underserved" for one hexagon. */
export function hexCountsText(h: {
  locations: number;
  bsls: number;
  unserved: number;
  underserved: number;
}): string {
  const plural = (count: number, one: string, many: string) =>
    `${n(count)} ${count === 1 ? one : many}`;
  return (
    `${plural(h.locations, 'location', 'locations')}, ${plural(h.bsls, 'BSL', 'BSLs')}, ` +
    `${percent(h.unserved, h.bsls)} unserved, ${percent(h.underserved, h.bsls)} underserved`
  );
}
