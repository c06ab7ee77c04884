// The "Filters" button in the top bar: what counts as served, for the fixed broadband layer,
// its hexagons, the location badge and the providers table at once (audience, speed, technology,
// low latency). A disclosure of native controls, so each keeps its keyboard behaviour; Esc or a
// click elsewhere closes it. The filters live in the store (kept across reloads, in the URL).
// The panel's fields are fetched the first time it opens (or the button is pointed at or
// focused), with a loading line in the panel meanwhile.
import { lazyPart } from '../../components/lazy-part';
import { MenuPopover } from '../../components/MenuPopover';
import { useAppStore } from '../../state/store';
import { isDefaultFilters } from './filters-default';
import { ProviderFilter } from './ProviderFilter';
import './fixed-filters.css';

const FiltersFields = lazyPart(
  'the filters',
  async () => (await import('./FiltersFields')).FiltersFields,
);

export function FixedFiltersMenu() {
  const changed = useAppStore((s) => !isDefaultFilters({ ...s.fixedFilters }));
  return (
    <>
      <ProviderFilter where="bar" />
      <MenuPopover
        className="fixed-filters"
        label={
          <>
            Filters
            {changed && (
              <span className="fixed-filters__dot" aria-label="(changed from the BEAD defaults)" />
            )}
          </>
        }
        onIntent={FiltersFields.preload}
        renderPanel={(panelId, placePanel) => (
          <div
            ref={placePanel}
            id={panelId}
            className="fixed-filters__panel"
            role="group"
            aria-label="Fixed broadband filters"
          >
            <p className="fixed-filters__intro">
              What counts as served, on the map and in the location panel.
            </p>
            <FiltersFields panelId={panelId} />
          </div>
        )}
      />
    </>
  );
}
