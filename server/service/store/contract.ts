// What every Store shares, whichever holds the data (the memory store in store/memory/, the
// PostGIS store in store/postgis/): the limit summarize counts against, and the field
// catalogue (each layer's field definitions and record fields, in listorder). The fabric model
// both load from is fabric.ts; the served-status rule is shared/served-status.ts and, under the
// map's filters, shared/fixed-status.ts (the browser uses both too); the interface is store.ts.
export { RECORD_FIELDS, layerFields, locationFieldDef } from './field-catalogue';

/** Most locations one summarize call may cover; a larger area is refused (maxcount_exceeded). */
export const MAXCOUNT = 50_000;
