// Fixed and mobile coverage records, typed exactly as the public BDC files: location_id and frn
// as text (leading zeros kept), business_residential_code a letter. `coverage` is 1 on every
// record: a record states that the provider reports service there.
import { h3IndexToSplitLong, splitLongToH3Index } from '../../../../contract/h3';
import type { FabricIndex } from '../fabric-index';
import type { FixedRecord, MobileRecord } from '../../store';
import { startAt } from '../../record-starts';

const BR = ['R', 'B', 'X'] as const;

export function fixedRecords(ix: FabricIndex, vi: number, locationIds: number[]): FixedRecord[] {
  const cov = ix.fabric.fixedCoverage[vi];
  const providers = ix.fabric.fixedProviders;
  const out: FixedRecord[] = [];
  for (const id of locationIds) {
    const i = ix.locationIndex(id);
    if (i < 0) continue;
    const offers = cov.offers;
    for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++) {
      const o = cov.offer[r];
      const p = providers[offers.provider[o]];
      out.push({
        location_id: String(id),
        provider_id: p.providerId,
        frn: p.frn,
        brand_name: p.brandName,
        technology_code: offers.technology[o],
        max_advertised_download_speed: offers.down[o],
        max_advertised_upload_speed: offers.up[o],
        low_latency: offers.lowLatency[o],
        business_residential_code: BR[offers.businessResidential[o]] ?? 'X',
        coverage: 1,
      });
    }
  }
  return out;
}

function findCell(high: Uint32Array, low: Uint32Array, h: number, l: number): number {
  let lo = 0;
  let hi = high.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const d = high[mid] - h || low[mid] - l;
    if (d === 0) return mid;
    if (d < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function mobileRecords(ix: FabricIndex, vi: number, cells: string[]): MobileRecord[] {
  const cov = ix.fabric.mobileCoverage[vi];
  const carriers = ix.fabric.mobileCarriers;
  const out: MobileRecord[] = [];
  for (const cell of cells) {
    let split: [number, number];
    try {
      split = h3IndexToSplitLong(cell) as [number, number];
    } catch {
      continue;
    }
    const c = findCell(cov.cellHigh, cov.cellLow, split[1] >>> 0, split[0] >>> 0);
    if (c < 0) continue;
    const id = splitLongToH3Index(split[0], split[1]);
    for (let r = cov.start[c]; r < cov.start[c + 1]; r++) {
      const p = carriers[cov.carrier[r]];
      out.push({
        h3_res9_id: id,
        frn: p.frn,
        providerid: p.providerId,
        brandname: p.brandName,
        technology: cov.technology[r],
        mindown: cov.mindown[r],
        minup: cov.minup[r],
        minsignal: cov.minsignal[r],
        environment: cov.environment[r],
      });
    }
  }
  return out;
}
