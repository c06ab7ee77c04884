// The provider filter (docs/SERVICE.md, "Fixed broadband status under filters"): one provider,
// named by its provider_id. Under it a location's status is what that provider alone claims
// there: every count (badge, map, hexagons, report, summary, location list) keeps only that
// provider's fixed records, then applies the status rule of fixed-status.ts to them, so a
// location the provider does not claim has no offers and is unserved by it.

/** A provider_id as a parameter: a whole number from 1, at most nine digits. */
export const PROVIDER_ID_PATTERN = /^[1-9]\d{0,8}$/;

/** Whether a record of this provider counts under the filter (null: every provider's does). */
export function providerCounts(filter: number | null | undefined, providerId: number): boolean {
  return filter == null || filter === providerId;
}

/** The records the filter counts: every one, or the filtered provider's only. */
export function recordsOfProvider<T extends { provider_id: number }>(
  records: readonly T[],
  filter: number | null | undefined,
): readonly T[] {
  return filter == null ? records : records.filter((r) => r.provider_id === filter);
}

/** The filter read from a parameter: undefined or '' is none, a bad value is an error message. */
export function parseProviderParameter(
  value: string | undefined,
): { ok: true; provider: number | null } | { ok: false; message: string } {
  if (value === undefined || value === '') return { ok: true, provider: null };
  if (PROVIDER_ID_PATTERN.test(value)) return { ok: true, provider: Number(value) };
  return {
    ok: false,
    message: `provider must be a provider_id (a whole number from 1, at most 9 digits); got ${JSON.stringify(value)}`,
  };
}
