// The `fixed` layer of a street-zoom fixed broadband tile (docs/SERVICE.md; docs/architecture.md, "The fixed broadband path"): one point
// per location of the fabric vintage, carrying what its status needs under any filter (the
// two tier strings, its record count, whether it is in the coverage vintage's release), so the
// map re-shades on a filter change without fetching again.
import { encodeTiers } from '../../../../../shared/fixed-status';
import type { FixedOffer } from '../../../../../shared/served-status';
import { forEachPresentPoint, type FabricIndex } from '../fabric-index';
import { locationOffers } from './fixed-offers-view';
import { coverageOfProvider } from '../provider-coverage';
import type { TilePoint } from '../../rules/point-tile';
import type { BBox } from '../../rules/tile-grid';
import { startAt } from '../../record-starts';

/** Which vintages a tile joins: fabric fv (drawn), coverage cv and the release cv was filed on. */
export interface FixedVintages {
  fabric: number;
  coverage: number;
  release: number;
}

export function fixedLocationPoints(
  ix: FabricIndex,
  vintages: FixedVintages,
  offers: readonly FixedOffer[],
  box: BBox,
  /** The provider filter: the tiers and record count of that provider's records alone. */
  provider: number | null = null,
): TilePoint[] {
  const { locations: loc, codes } = ix.fabric;
  const cov = coverageOfProvider(ix.fabric, vintages.coverage, provider);
  const releaseBit = vintages.release < 0 ? 0 : 1 << vintages.release;
  // Neighbours often share one set of offers: encode each distinct set once per tile.
  const encoded = new Map<string, [string, string]>();
  const out: TilePoint[] = [];
  forEachPresentPoint(ix, vintages.fabric, box, (i, lng, lat) => {
    const from = startAt(cov.start, i);
    const to = startAt(cov.start, i + 1);
    const key = cov.offer.subarray(from, to).join(',');
    let tiers = encoded.get(key);
    if (!tiers) {
      const own = locationOffers(cov, offers, i);
      tiers = [encodeTiers(own, 'residential'), encodeTiers(own, 'business')];
      encoded.set(key, tiers);
    }
    out.push({
      id: loc.locationId[i],
      lng,
      lat,
      properties: {
        location_id: loc.locationId[i],
        bsl: loc.bslFlag[i],
        units: loc.unitCount[i],
        building: codes.buildingType[loc.buildingType[i]] ?? '',
        inrelease: loc.presence[i] & releaseBit ? 1 : 0,
        offers: to - from,
        r: tiers[0],
        b: tiers[1],
      },
    });
  });
  return out;
}
