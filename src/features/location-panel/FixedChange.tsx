// "Change between releases" (README, "Compare releases"): with a comparison on, what changed at the location from
// the earlier release to the later one: its status at each under the filters, the change class
// the map's ring shows, the offers added, dropped or at another speed, and the retirement link
// both ways (the equivalent that replaced it, from history; the id it replaced, from the tile).
import { useAppStore } from '../../state/store';
import { useFabricVintages } from '../../queries/use-fabric-vintages';
import { useFixedCoverage } from '../../queries/use-fixed-coverage';
import { useHistory } from '../../queries/use-history';
import { useLocationData } from '../../queries/use-location-data';
import { PartError } from '../../components/PartError';
import { vintageLabel } from '../../lib/vintage';
import { CHANGE_CLASSES } from '../../../shared/fixed-change';
import type { CompareWith } from '../../state/slices/compare';
import { locationChange, type DiffSide } from './fixed-diff';
import { releaseCheck } from './release-check';
import { ChangeRows, statusWords } from './FixedChangeRows';
import { useTileReplaces } from '../../queries/use-tile-replaces';

/** Earlier first: by fabric release, then coverage (the order the map's rings use). */
function inOrder(x: CompareWith, y: CompareWith): [CompareWith, CompareWith] {
  if (x.fabric !== y.fabric) return Number(x.fabric) < Number(y.fabric) ? [x, y] : [y, x];
  return Number(x.coverage) <= Number(y.coverage) ? [x, y] : [y, x];
}

export function FixedChange({ locationId }: { locationId: number }) {
  const compareWith = useAppStore((s) => s.compareWith);
  const coverage = useAppStore((s) => s.coverageVintage);
  const fabric = useAppStore((s) => s.fabricVintage);
  if (!compareWith || !coverage || !fabric) return null;
  const shown = { coverage, fabric };
  const [before, after] = inOrder(shown, compareWith);
  return (
    <ChangeBody
      locationId={locationId}
      before={before}
      after={after}
      shown={shown}
      other={compareWith}
    />
  );
}

function ChangeBody({
  locationId,
  before,
  after,
  shown,
  other,
}: {
  locationId: number;
  before: CompareWith;
  after: CompareWith;
  /** The releases the map shows and the one it compares with (the compare tile's URL). */
  shown: CompareWith;
  other: CompareWith;
}) {
  const filters = useAppStore((s) => s.fixedFilters);
  const queries = {
    offersBefore: useFixedCoverage(before.coverage, locationId),
    offersAfter: useFixedCoverage(after.coverage, locationId),
    dataBefore: useLocationData(before.fabric, locationId),
    dataAfter: useLocationData(after.fabric, locationId),
    // As of the later release: both releases' presence, and a retired location's equivalent.
    history: useHistory(after.fabric, locationId),
    vintages: useFabricVintages(),
  };
  // The id it replaced: only a location in the later release has one.
  const point = queries.dataAfter.data?.[0];
  const replacesQuery = useTileReplaces(
    point
      ? {
          coverage: shown.coverage,
          fabric: shown.fabric,
          withCoverage: other.coverage,
          withFabric: other.fabric,
          lng: point.longitude,
          lat: point.latitude,
        }
      : null,
    locationId,
  );
  const replaces = replacesQuery.data ?? null;
  const [b, a] = [vintageLabel(before.coverage), vintageLabel(after.coverage)];
  const fabricNote =
    before.fabric !== before.coverage || after.fabric !== after.coverage
      ? ` (fabric ${vintageLabel(before.fabric)} → ${vintageLabel(after.fabric)})`
      : '';

  let body;
  const failed = Object.values(queries).find((q) => q.status === 'error');
  if (failed) {
    body = (
      <PartError what="The comparison" error={failed.error} onRetry={() => void failed.refetch()} />
    );
  } else if (Object.values(queries).some((q) => q.status !== 'success')) {
    body = (
      <p className="lp-muted lp-loading" role="status">
        Loading the comparison…
      </p>
    );
  } else {
    const history = queries.history.data?.[0];
    const vintages = queries.vintages.data ?? [];
    const side = (
      release: CompareWith,
      data: typeof queries.dataBefore.data,
      offers: typeof queries.offersBefore.data,
    ): DiffSide | null => {
      const record = data?.[0];
      if (!record) return null;
      const check = releaseCheck(history, vintages, release.fabric, release.coverage);
      return { inRelease: check.inRelease, bsl: record.bsl_flag === 1, records: offers ?? [] };
    };
    const sideBefore = side(before, queries.dataBefore.data, queries.offersBefore.data);
    const sideAfter = side(after, queries.dataAfter.data, queries.offersAfter.data);
    const replacedBy = sideBefore && !sideAfter ? (history?.re_location_id ?? null) : null;
    const change = locationChange(sideBefore, sideAfter, filters, replacedBy !== null);
    const label = CHANGE_CLASSES.find((c) => c.value === change.change)?.label;
    body = (
      <>
        <p className="lp-change-status" data-testid="location-panel:change-status">
          Status: {statusWords(change.before)} ({b}) → {statusWords(change.after)} ({a})
        </p>
        <p
          className="lp-change-class"
          data-testid="location-panel:change-class"
          data-class={change.change}
        >
          {label}
        </p>
        {replacedBy !== null && (
          <ChangeLink words="Replaced by" id={replacedBy} testId="change-replaced-by" />
        )}
        {replaces !== null && sideAfter && (
          <ChangeLink words="Replaces" id={replaces} testId="change-replaces" />
        )}
        <ChangeRows rows={change.rows} audience={filters.audience} />
      </>
    );
  }

  return (
    <section
      className="lp-part"
      aria-labelledby="lp-change-title"
      data-testid="location-panel:change"
    >
      <h3 id="lp-change-title" className="lp-heading">
        Change between releases
      </h3>
      <p className="lp-asof">
        Coverage {b} → {a}
        {fabricNote}, under the map&apos;s filters
      </p>
      {body}
    </section>
  );
}

/** "Replaced by" / "Replaces" and the other location's id, which selects it. */
function ChangeLink({ words, id, testId }: { words: string; id: number; testId: string }) {
  const selectLocation = useAppStore((s) => s.selectLocation);
  return (
    <p className="lp-change-link">
      {words}{' '}
      <button
        type="button"
        className="button button--ghost"
        data-testid={`location-panel:${testId}`}
        onClick={() => selectLocation(id)}
      >
        {id}
      </button>
    </p>
  );
}
