// What the search box offers for its text: match suggestions, or the one location a pasted id
// names. Pure, so the wording and ordering are tested without a browser.
import type { MatchLocation, TranslateRecord } from '../../api/schemas';
import type { PastedId } from './pasted-id';

export interface SearchOption {
  key: string;
  locationId: number;
  primary: string;
  secondary: string;
  /** 0..1 for address matches; null for an id lookup (exact by definition). */
  similarity: number | null;
  lng: number | null;
  lat: number | null;
}

export function matchOptions(locations: readonly MatchLocation[]): SearchOption[] {
  return [...locations]
    .sort((a, b) => a.matchrank - b.matchrank)
    .map((m) => ({
      key: `m-${m.location_id}`,
      locationId: m.location_id,
      primary: m.address,
      secondary: `${m.city}, ${m.state} ${m.zip}`.trim(),
      similarity: m.similarity,
      lng: m.longitude,
      lat: m.latitude,
    }));
}

export function idOptions(pasted: PastedId, records: readonly TranslateRecord[]): SearchOption[] {
  return records.slice(0, 1).map((r) => ({
    key: `id-${r.location_id}`,
    locationId: r.location_id,
    primary: `Location ${r.location_id}`,
    secondary: pasted.kind === 'uuid' ? `UUID ${r.uuid}` : 'By location ID',
    similarity: null,
    lng: null,
    lat: null,
  }));
}

/** "97% match": similarity as a planner reads it, never rounded up to a false 100%. */
export function similarityLabel(similarity: number): string {
  const percent = Math.floor(Math.max(0, Math.min(1, similarity)) * 100);
  return `${percent}% match`;
}

export function noMatchText(text: string): string {
  return `No fabric location matches “${text.trim()}”. The search only finds locations in the fabric: check the house number and street, or click the map.`;
}

export function noIdText(pasted: PastedId, vintageLabel: string): string {
  const what = pasted.kind === 'uuid' ? 'UUID' : 'location ID';
  return `No location with this ${what} in the ${vintageLabel} fabric. A UUID belongs to one vintage: try another fabric vintage.`;
}
