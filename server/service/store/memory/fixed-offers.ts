// Packing fixed coverage records into (record → offer) indexes over a table of distinct offers.
// A vintage of the 1M-location demo holds about 4 million records but fewer than 100 offers:
// one or two bytes per record instead of twelve.
import type { FixedCoverage, FixedOffers } from '../fabric';
import { packStarts } from '../record-starts';

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

/** Distinct offers in the order they are first met: each offer's row, and the table packed. */
export function offerTable() {
  const index = new Map<number | string, number>();
  const rows: number[][] = [];
  return {
    /** The offer's row in the table (values in OFFER_FIELDS order), added if new. */
    of(row: number[]): number {
      const key = offerKey(row);
      let o = index.get(key);
      if (o === undefined) {
        o = rows.length;
        if (o >= MAX_OFFERS) throw new Error(`more than ${MAX_OFFERS} distinct fixed offers`);
        index.set(key, o);
        rows.push(row);
      }
      return o;
    },
    get size() {
      return rows.length;
    },
    row: (o: number): readonly number[] => rows[o]!,
    offers(): FixedOffers {
      const column = (k: number) => rows.map((row) => row[k]!);
      return {
        provider: Uint8Array.from(column(0)),
        technology: Uint8Array.from(column(1)),
        down: Uint32Array.from(column(2)),
        up: Uint32Array.from(column(3)),
        lowLatency: Uint8Array.from(column(4)),
        businessResidential: Uint8Array.from(column(5)),
      };
    },
  };
}
export type OfferTable = ReturnType<typeof offerTable>;

/** A vintage's coverage from each record's offer: one byte a record when 256 offers or fewer. */
export function packedCoverage(
  vintage: string,
  start: ArrayLike<number>,
  offer: ArrayLike<number>,
  table: OfferTable,
): FixedCoverage {
  // The demo's vintages have a few dozen offers: one byte a record is enough.
  const narrow =
    table.size <= 256
      ? Uint8Array.from(offer)
      : offer instanceof Uint16Array
        ? offer
        : Uint16Array.from(offer);
  return { vintage, start: packStarts(start), offer: narrow, offers: table.offers() };
}

export function packFixedCoverage(
  vintage: string,
  start: ArrayLike<number>,
  records: FixedRecordColumns,
): FixedCoverage {
  const n = records.provider.length;
  const offer = new Uint16Array(n);
  const table = offerTable();
  for (let r = 0; r < n; r++) offer[r] = table.of(OFFER_FIELDS.map((field) => records[field][r]!));
  return packedCoverage(vintage, start, offer, table);
}
