// The provider filter as the filters card shows it (shared/provider-filter.ts): the provider
// chosen from the search box, named, with a button that clears it. Shown in the top bar next to
// the Filters button, and in its panel, so the map is never read as every provider's unawares.
import { useProviderName } from '../../queries/use-provider-name';
import { useAppStore } from '../../state/store';

export function ProviderFilter({ where }: { where: 'bar' | 'panel' }) {
  const provider = useAppStore((s) => s.fixedFilters.provider ?? null);
  const setFilters = useAppStore((s) => s.setFixedFilters);
  const name = useProviderName(provider);
  if (provider === null || name === null) {
    return where === 'panel' ? (
      <p className="fixed-filters__help">
        Every provider. To see one provider&rsquo;s claims, search its name, provider ID or FRN.
      </p>
    ) : null;
  }
  return (
    <div
      className={`provider-filter provider-filter--${where}`}
      data-testid={`provider-filter-${where}`}
      role="group"
      aria-label="Provider filter"
    >
      <span className="provider-filter__text" title={`Provider ${provider}`}>
        {where === 'panel' ? 'Only ' : ''}
        <strong>{name}</strong>
        {where === 'panel' ? ` (provider ${provider}): what it alone claims.` : ' only'}
      </span>
      <button
        type="button"
        className="button button--ghost provider-filter__clear"
        aria-label={`Clear provider filter (${name})`}
        onClick={() => setFilters({ provider: null })}
      >
        ×
      </button>
    </div>
  );
}
