// The answers the real service's public guides publish, copied character for character from
// docs/REAL-API.md, "Published answers" (JSON text, parsed by each test as the app would parse a
// response body).

/** GET /fabric/vintages */
export const PUBLISHED_VINTAGES = String.raw`[{ "vintage": "202406", "cqaversion": "9", "fccrelease": "06302024", "fccversion": "5", "ntiaversion": "5_1", "vintagename": "june2024" },
 { "vintage": "202412", "cqaversion": "10", "fccrelease": "12012024", "fccversion": "6", "ntiaversion": null, "vintagename": "dec2024" }]`;

/** GET /fabric/layers */
export const PUBLISHED_LAYERS = String.raw`[{ "layername": "locations" }, { "layername": "parcels" }, { "layername": "footprints" }]`;

/** GET /fabric/{v}/fields/locations (the guide cuts the list short) */
export const PUBLISHED_FIELDS = String.raw`[{ "format": "f\"{n:d}\"", "discrete": 0, "fieldname": "location_id", "fieldtype": "int",
   "listorder": 1, "categories": null, "definition": "FCC Unique ID for the fabric location. ..." }]`;

/** GET /fabricext/{v}/history?location_id=N */
export const PUBLISHED_HISTORY = String.raw`[{ "lastcqaversion": 9, "location_id": 1340212543, "firstcqaversion": 5, "re_location_id": null }]`;
