// After a town, ZIP code, county or state is chosen in the search: "Use as area" keeps it as an
// area and opens it in Draw mode. A town's or ZIP code's extent is the places operation's
// outline, the hull of the place's fabric locations (not its legal boundary), and the offer
// says so (and that the search's count, like the report's, is every location inside it); a county or state is its Census boundary, named by GEOID as a county clicked in Draw
// mode is (so a link names it `c:17167`).
import { loadBoundaryArea } from '../../map/boundary-area';
import { addOrSelectArea } from '../../state/area-link';
import { useAppStore } from '../../state/store';
import type { AreaOffer } from './search-options';

async function keepAsArea(offer: AreaOffer): Promise<void> {
  const state = useAppStore.getState();
  if (offer.kind === 'outline') {
    const id = addOrSelectArea(state, { ...offer, source: 'place' });
    state.setMode('draw');
    state.announceArea(
      id,
      `${offer.name} is now an area: the extent of its fabric locations, not its legal boundary.`,
    );
    return;
  }
  state.setMode('draw');
  const lookup = await loadBoundaryArea(offer.kind, offer.geoid);
  if (!lookup.ok) {
    state.setAreaNotice({ kind: 'error', text: lookup.problem });
    return;
  }
  const { name, geometry } = lookup.area;
  const after = useAppStore.getState();
  const id = addOrSelectArea(after, { name, geometry, source: offer.kind, geoid: offer.geoid });
  after.announceArea(id, `${name} is now an area.`);
}

function OfferText({ offer }: { offer: AreaOffer }) {
  if (offer.kind !== 'outline') {
    return <p>All of {offer.name}, within its Census boundary.</p>;
  }
  return (
    <p>
      The extent of {offer.name}: the outline around its fabric locations (not its legal boundary).
      It may also hold locations of its neighbours; the search counts every location inside it, as
      its report does.
    </p>
  );
}

/** The offer's words and buttons; AddressSearch.tsx holds its frame (below the box). */
export function PlaceAreaOffer({ offer, onDone }: { offer: AreaOffer; onDone: () => void }) {
  const use = () => {
    void keepAsArea(offer);
    onDone();
  };
  return (
    <>
      <OfferText offer={offer} />
      <button type="button" className="button button--primary" onClick={use}>
        Use as area
      </button>
      <button type="button" className="button button--ghost" aria-label="Dismiss" onClick={onDone}>
        ×
      </button>
    </>
  );
}
