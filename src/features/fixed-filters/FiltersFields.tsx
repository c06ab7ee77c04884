// The Filters menu's fields (FixedFiltersMenu.tsx): fetched the first time the menu is opened
// (or the planner heads for its button), so the first view does not carry them.
import { useShallow } from 'zustand/react/shallow';
import {
  DEFAULT_FIXED_FILTERS,
  SPEED_CHOICES,
  TECH_CHOICES,
  type SpeedChoice,
  type TechChoice,
} from '../../../shared/fixed-status';
import { useAppStore } from '../../state/store';
import { isDefaultFilters } from './filters-default';
import { ProviderFilter } from './ProviderFilter';

export function FiltersFields({ panelId }: { panelId: string }) {
  const { filters, setFilters } = useAppStore(
    useShallow((s) => ({ filters: s.fixedFilters, setFilters: s.setFixedFilters })),
  );
  const bead = filters.speed === 'bead';
  const changed = !isDefaultFilters({ ...filters });
  return (
    <>
      <ProviderFilter where="panel" />
      <fieldset className="fixed-filters__group">
        <legend>Offers for</legend>
        {(['residential', 'business'] as const).map((audience) => (
          <label key={audience} className="fixed-filters__choice">
            <input
              type="radio"
              name={`${panelId}-audience`}
              value={audience}
              checked={filters.audience === audience}
              autoFocus={filters.audience === audience}
              onChange={() => setFilters({ audience })}
            />
            {audience === 'residential' ? 'Residential' : 'Business'}
          </label>
        ))}
      </fieldset>
      <div className="fixed-filters__field">
        <label htmlFor={`${panelId}-speed`}>Served at</label>
        <select
          id={`${panelId}-speed`}
          className="select"
          value={filters.speed}
          aria-describedby={`${panelId}-speed-help`}
          onChange={(e) => setFilters({ speed: e.target.value as SpeedChoice })}
        >
          {SPEED_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.value === 'bead' ? 'BEAD definitions' : c.label}
            </option>
          ))}
        </select>
        <p id={`${panelId}-speed-help`} className="fixed-filters__help">
          {bead
            ? 'BEAD: reliable, low-latency offers; 25/3 Mbps is underserved, 100/20 served.'
            : filters.speed === '25/3'
              ? 'Served at 25/3 Mbps; below it, unserved.'
              : `Served at ${filters.speed} Mbps; underserved from 25/3 Mbps.`}
        </p>
      </div>
      <div className="fixed-filters__field">
        <label htmlFor={`${panelId}-tech`}>Technology</label>
        <select
          id={`${panelId}-tech`}
          className="select"
          value={filters.tech}
          aria-describedby={`${panelId}-tech-help`}
          onChange={(e) => setFilters({ tech: e.target.value as TechChoice })}
        >
          {TECH_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <p id={`${panelId}-tech-help`} className="fixed-filters__help">
          BEAD-reliable: copper, cable, fiber and licensed fixed wireless.
          {bead && ' Under BEAD only these count, whatever else is chosen.'}
        </p>
      </div>
      <label className="fixed-filters__choice">
        <input
          type="checkbox"
          checked={bead || filters.lowLatency}
          disabled={bead}
          aria-describedby={`${panelId}-ll-help`}
          onChange={(e) => setFilters({ lowLatency: e.target.checked })}
        />
        Low latency required
      </label>
      <p id={`${panelId}-ll-help`} className="fixed-filters__help">
        {bead
          ? 'BEAD always requires low latency (95th percentile at most 100 ms).'
          : '95th-percentile round trip at most 100 ms.'}
      </p>
      <button
        type="button"
        className="button button--ghost fixed-filters__reset"
        disabled={!changed}
        onClick={() => setFilters({ ...DEFAULT_FIXED_FILTERS, provider: null })}
      >
        Reset to BEAD defaults
      </button>
    </>
  );
}
