// The provider suggestions for what the box holds: asked only of a backend serving this
// project's own views (as places), for a name or digits, with the box's debounce.
import { useCapabilities } from '../../queries/use-capabilities';
import { useProviders } from '../../queries/use-providers';
import { useAppStore } from '../../state/store';
import { classifyQuery } from './classify-query';
import { providerOptions, providerText } from './provider-options';
import type { SearchOption } from './search-options';
import { SEARCH_DEBOUNCE_MS } from './use-address-search';
import { useDebouncedValue } from './use-debounced-value';

export function useProviderOptions(raw: string): SearchOption[] {
  const vintage = useAppStore((s) => s.fabricVintage);
  const offered = useCapabilities().views.places;
  const settled = useDebouncedValue(raw, SEARCH_DEBOUNCE_MS);
  const text = providerText(classifyQuery(settled));
  const answer = useProviders(offered ? vintage : null, text);
  if (!text || raw.trim() !== settled.trim() || !answer.data) return [];
  return providerOptions(answer.data.providers);
}
