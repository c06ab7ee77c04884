// The search box's provider suggestions (docs/SERVICE.md, "providers"): a brand name, a
// provider id or a 10-digit FRN names fixed broadband providers, offered after the other
// suggestions; choosing one sets the provider filter. Pure, so the wording is tested alone.
import type { ProviderClaim } from '../../api/providers';
import type { SearchQuery } from './classify-query';
import type { SearchOption } from './search-options';
import type { SearchState } from './use-address-search';

/** The text a provider may be named by: a name, or digits (a provider id, an FRN). */
export function providerText(query: SearchQuery): string {
  if (query.kind === 'name') return query.text;
  // A provider_id has six digits (or more): shorter digits are a house number being typed.
  if (query.kind === 'number') return query.digits.length >= 6 ? query.digits : '';
  if (query.kind === 'id' && query.id.kind === 'location_id') return query.id.id;
  return '';
}

export function providerOptions(providers: readonly ProviderClaim[]): SearchOption[] {
  return providers.map((p) => ({
    key: `prov-${p.provider_id}`,
    target: { kind: 'provider', providerId: p.provider_id, brand: p.brand_name },
    primary: p.brand_name,
    secondary: `Provider ${p.provider_id} · FRN ${p.frn} · ${p.locationcount.toLocaleString('en-US')} locations claimed`,
    badge: 'Provider',
    label: p.brand_name,
  }));
}

/** The box's state with the provider suggestions after its own; they replace a "nothing found". */
export function withProviders(state: SearchState, options: SearchOption[]): SearchState {
  if (options.length === 0) return state;
  if (state.status === 'options') return { ...state, options: [...state.options, ...options] };
  if (state.status === 'message' || state.status === 'idle')
    return { status: 'options', options, note: null };
  return state;
}
