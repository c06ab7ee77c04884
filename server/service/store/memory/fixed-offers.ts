// Packing fixed coverage records into (record → offer) indexes over a table of distinct offers.
// A vintage of the 1M-location demo holds about 4 million records but fewer than 100 offers:
// one or two bytes per record instead of twelve.
import type { FixedCoverage, FixedOffers } from '../fabric';

/** One record's values, as the generator and the test fixtures produce them. */
export interface FixedRecordColumns {
  provider: ArrayLike<number>;
  technology: ArrayLike<number>;
  down: ArrayLike<number>;
  up: ArrayLike<number>;
  lowLatency: ArrayLike<number>;
  businessResidential: ArrayLike<number>;
}

/** The columns that make an offer, in the order rows and keys use them. */
export const OFFER_FIELDS = [
  'provider',
  'technology',
  'down',
  'up',
  'lowLatency',
  'businessResidential',
] as const satisfies readonly (keyof FixedRecordColumns)[];

const MAX_OFFERS = 65_536;

/** A number when every part fits its bits (always, for BDC values), else text. */
function offerKey([provider, technology, down, up, lowLatency, br]: number[]): number | string {
  const small =
    provider < 256 && technology < 256 && down < 65_536 && up < 65_536 && lowLatency < 2 && br < 4;
  if (!small) return [provider, technology, down, up, lowLatency, br].join(',');
  // 19 bits of codes above 32 bits of speeds: below 2^53, so exact.
  return (((provider * 256 + technology) * 2 + lowLatency) * 4 + br) * 2 ** 32 + down * 65_536 + up;
}

export function packFixedCoverage(
  vintage: string,
  start: Uint32Array,
  records: FixedRecordColumns,
): FixedCoverage {
  const n = records.provider.length;
  const offer = new Uint16Array(n);
  const index = new Map<number | string, number>();
  const rows: number[][] = [];
  for (let r = 0; r < n; r++) {
    const row = OFFER_FIELDS.map((field) => records[field][r]);
    const key = offerKey(row);
    let o = index.get(key);
    if (o === undefined) {
      o = rows.length;
      if (o >= MAX_OFFERS) throw new Error(`more than ${MAX_OFFERS} distinct fixed offers`);
      index.set(key, o);
      rows.push(row);
    }
    offer[r] = o;
  }
  const column = (k: number) => rows.map((row) => row[k]);
  const offers: FixedOffers = {
    provider: Uint8Array.from(column(0)),
    technology: Uint8Array.from(column(1)),
    down: Uint32Array.from(column(2)),
    up: Uint32Array.from(column(3)),
    lowLatency: Uint8Array.from(column(4)),
    businessResidential: Uint8Array.from(column(5)),
  };
  // The demo's vintages have a few dozen offers: one byte a record is enough.
  return { vintage, start, offer: rows.length <= 256 ? Uint8Array.from(offer) : offer, offers };
}
