import { useAppStore } from '../state/store';
import { useProviders } from './use-providers';

/**
 * The brand a provider filter names, for the filters card, the legend and the files: found by
 * its id in the fabric vintage's providers; "Provider <id>" until answered (or when no backend
 * lists providers). Null without a provider.
 */
export function useProviderName(provider: number | null | undefined): string | null {
  const vintage = useAppStore((s) => s.fabricVintage);
  const answer = useProviders(provider == null ? null : vintage, String(provider ?? ''));
  if (provider == null) return null;
  const found = answer.data?.providers.find((p) => p.provider_id === provider);
  return found ? found.brand_name : `Provider ${provider}`;
}
