// How both stores write served_status as a small code (the memory store's columns, the PostGIS
// import's location_coverage), so a code read from either means the same status.
/**
 * The values of served_status: the BEAD status, and (only when the coverage vintage is not the
 * fabric vintage asked) a location outside the release that coverage was reported on, which
 * is given no BEAD status (shared/fixed-status.ts, locationFixedStatus).
 */
export const SERVED_STATUS = ['unserved', 'underserved', 'served', 'notinrelease'] as const;
export const NOT_IN_RELEASE = 3;
