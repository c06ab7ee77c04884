// A binary form of a Fabric for the .data cache: a magic tag, the format version, a JSON
// header (every plain value, with each typed array replaced by a reference), then the typed
// arrays' raw bytes, each 8-byte aligned so they can be viewed in place after reading.
// Little-endian only: the cache is a local file for this machine, never shipped.
// Stored compact (compactFabric): location columns in the narrowest type their values fit,
// single-part geometries without part starts; the store reads them so in place.
import type { Fabric, Locations, PackedGeometry } from '../service/store/fabric';
import { packStarts } from '../service/store/record-starts';

/** Bump whenever the generator or this layout changes: older caches are then regenerated. */
export const FABRIC_FORMAT_VERSION = 6;
/**
 * The format before: plain Uint32Array starts of fixed coverage, nothing narrowed. Still read
 * (a workspace synced with it is hours of requests), converted as it is read.
 */
const PREVIOUS_FORMAT_VERSION = 5;
const MAGIC = 'CEFABRIC';

type Typed =
  Float64Array | Float32Array | Uint32Array | Int32Array | Uint16Array | Int16Array | Uint8Array;
const CTORS = {
  Float64Array,
  Float32Array,
  Uint32Array,
  Int32Array,
  Uint16Array,
  Int16Array,
  Uint8Array,
};
type CtorName = keyof typeof CTORS;

interface ArrayRef {
  $array: number;
}
interface HeaderArray {
  type: CtorName;
  offset: number; // bytes from the start of the data section
  length: number;
}

const pad8 = (n: number) => (n + 7) & ~7;

function isTyped(v: unknown): v is Typed {
  return ArrayBuffer.isView(v) && !(v instanceof DataView);
}

type Ctor = { new (n: number): Typed };

/** Location columns and the narrower type each is stored in when every value fits it. */
const NARROWER: Partial<Record<keyof Locations, Ctor>> = {
  locationId: Uint32Array, // 10-digit ids up to 4,294,967,295
  reLocationId: Uint32Array,
  houseNumber: Uint16Array,
  road: Uint16Array,
  unit: Uint8Array,
  town: Uint8Array,
  unitCount: Uint8Array,
};

/** The values in a Ctor, or null when one of them does not fit it exactly. */
function narrowed(values: Typed, ctor: Ctor): Typed | null {
  const out = new ctor(values.length);
  for (let i = 0; i < values.length; i++) {
    out[i] = values[i]!;
    if (out[i] !== values[i]) return null;
  }
  return out;
}

function isIdentity(partStart: Uint32Array, count: number): boolean {
  if (partStart.length !== count + 1) return false;
  for (let i = 0; i <= count; i++) if (partStart[i] !== i) return false;
  return true;
}

/** Part starts dropped when each feature is a single part (firstPart then reads f as f). */
function compactGeometry(g: PackedGeometry): PackedGeometry {
  return g.partStart && isIdentity(g.partStart, g.count) ? { ...g, partStart: null } : g;
}

/**
 * The same fabric as the cache stores it: every answer read from it is the same, in less
 * memory (at a million locations about 20 MB less: ids in 4 bytes instead of 8, road and house
 * number in 2 instead of 4, parcel and footprint part starts dropped). Arrays that stay as
 * they are are shared with `fabric`, not copied.
 */
export function compactFabric(fabric: Fabric): Fabric {
  const locations = { ...fabric.locations };
  for (const [key, ctor] of Object.entries(NARROWER) as [keyof Locations, Ctor][]) {
    const column = locations[key] as Typed | undefined;
    if (!column || column.BYTES_PER_ELEMENT <= new ctor(0).BYTES_PER_ELEMENT) continue;
    const narrow = narrowed(column, ctor);
    if (narrow) (locations as Record<string, unknown>)[key] = narrow;
  }
  return {
    ...fabric,
    locations,
    roads: { ...fabric.roads, geometry: compactGeometry(fabric.roads.geometry) },
    parcels: { ...fabric.parcels, geometry: compactGeometry(fabric.parcels.geometry) },
    footprints: { ...fabric.footprints, geometry: compactGeometry(fabric.footprints.geometry) },
  };
}

/** The fabric as byte chunks to write in order, compacted (arrays kept are not copied). */
export function encodeFabric(wide: Fabric): Uint8Array[] {
  const fabric = compactFabric(wide);
  const arrays: Typed[] = [];
  const layout: HeaderArray[] = [];
  let offset = 0;
  const json = JSON.stringify(fabric, (_key, value: unknown) => {
    if (!isTyped(value)) return value;
    const type = value.constructor.name as CtorName;
    if (!(type in CTORS)) throw new Error(`cannot encode ${type}`);
    layout.push({ type, offset, length: value.length });
    arrays.push(value);
    offset = pad8(offset + value.byteLength);
    return { $array: arrays.length - 1 } satisfies ArrayRef;
  });
  const header = new TextEncoder().encode(
    JSON.stringify({ fabric: JSON.parse(json), arrays: layout }),
  );
  // MAGIC (8) | version u32 | header length u32 | header | pad to 8 | arrays
  const prefix = new Uint8Array(pad8(16 + header.length));
  prefix.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(prefix.buffer);
  view.setUint32(8, FABRIC_FORMAT_VERSION, true);
  view.setUint32(12, header.length, true);
  prefix.set(header, 16);
  const chunks: Uint8Array[] = [prefix];
  arrays.forEach((a) => {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    chunks.push(bytes);
    const gap = pad8(a.byteLength) - a.byteLength;
    if (gap > 0) chunks.push(new Uint8Array(gap));
  });
  return chunks;
}

/** Reads a fabric written by encodeFabric; null when the tag or version does not match. */
export function decodeFabric(bytes: Uint8Array): Fabric | null {
  if (bytes.length < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== FABRIC_FORMAT_VERSION && version !== PREVIOUS_FORMAT_VERSION) return null;
  const headerLength = view.getUint32(12, true);
  if (16 + headerLength > bytes.length) return null;
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength))) as {
    fabric: unknown;
    arrays: HeaderArray[];
  };
  // Typed views need aligned offsets within their buffer; copy once if the read was not aligned.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const dataStart = aligned.byteOffset + pad8(16 + headerLength);
  const views = header.arrays.map((a) => {
    // Typed so that a SharedArrayBuffer (the service reads its cache into one) is accepted.
    const ctor: {
      new (b: ArrayBufferLike, at: number, n: number): Typed;
      BYTES_PER_ELEMENT: number;
    } = CTORS[a.type];
    const end = dataStart + a.offset + a.length * ctor.BYTES_PER_ELEMENT;
    if (end > aligned.byteOffset + aligned.byteLength) throw new Error('fabric cache truncated');
    return new ctor(aligned.buffer, dataStart + a.offset, a.length);
  });
  const revive = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(revive);
    if (value === null || typeof value !== 'object') return value;
    if ('$array' in value && typeof (value as ArrayRef).$array === 'number')
      return views[(value as ArrayRef).$array];
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = revive(v);
    return out;
  };
  const fabric = revive(header.fabric) as Fabric;
  return version === FABRIC_FORMAT_VERSION ? fabric : fromPreviousFormat(fabric);
}

/** A fabric read in the previous format: its coverage starts packed, then compacted. */
function fromPreviousFormat(fabric: Fabric): Fabric {
  const fixedCoverage = fabric.fixedCoverage.map((c) => ({
    ...c,
    start: packStarts(c.start as unknown as Uint32Array),
  }));
  return compactFabric({ ...fabric, fixedCoverage });
}
