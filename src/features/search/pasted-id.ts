// A location identifier typed or pasted into the address search. Planners copy ids out of
// spreadsheets and tickets, so surrounding whitespace, quotes and braces are tolerated; anything
// else is treated as address text for match.
import type { IdKind } from '../../api/schemas';

export interface PastedId {
  kind: IdKind;
  /** Normalised: digits only for a location_id, lower-case for a uuid. */
  id: string;
}

/**
 * Fabric location_ids are 10-digit integers from 1,000,000,000 up (docs/DOMAIN.md, "The location
 * fabric").
 */
const LOCATION_ID = /^[1-9]\d{9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Wrappers a copy from a CSV cell, JSON or a registry export tends to bring along.
const WRAPPERS = /^["'{(\s[]+|["'})\s\]]+$/g;

export function parsePastedId(text: string): PastedId | null {
  const core = text.replace(WRAPPERS, '');
  if (LOCATION_ID.test(core)) return { kind: 'location_id', id: core };
  if (UUID.test(core)) return { kind: 'uuid', id: core.toLowerCase() };
  return null;
}

/** The kind translate turns a pasted id into: the other one. */
export function otherIdKind(kind: IdKind): IdKind {
  return kind === 'location_id' ? 'uuid' : 'location_id';
}
