// Locate's match types and limits as the wire names them (docs/SERVICE.md, "locate"): the
// `matchtype` parameter is parsed into a mask over MATCH_TYPES (locate.ts), the stores decide in
// this order (store/rules/locate-decision.ts).
/** Locate's answer types in decision order; bit i of a `matchtypes` mask allows MATCH_TYPES[i]. */
export const MATCH_TYPES = ['FootprintParcel', 'Footprint', 'Parcel', 'Nearest'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];
export const ALL_MATCH_TYPES = (1 << MATCH_TYPES.length) - 1;

/** Locate's limits, defaults already applied (meters). */
export interface LocateOptions {
  parceldistancem: number;
  neardistancem: number;
  parceltolerancem: number;
  footprinttolerancem: number;
  /** Bit mask over MATCH_TYPES of the types that may answer. */
  matchtypes: number;
}
