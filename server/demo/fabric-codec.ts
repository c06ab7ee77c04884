// A binary form of a Fabric for the .data cache: a magic tag, the format version, a JSON
// header (every plain value, with each typed array replaced by a reference), then the typed
// arrays' raw bytes, each 8-byte aligned so they can be viewed in place after reading.
// Little-endian only: the cache is a local file for this machine, never shipped.
import type { Fabric } from '../service/store/fabric';

/** Bump whenever the generator or this layout changes: older caches are then regenerated. */
export const FABRIC_FORMAT_VERSION = 5;
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

/** The fabric as byte chunks to write in order (the arrays are not copied). */
export function encodeFabric(fabric: Fabric): Uint8Array[] {
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
  if (view.getUint32(8, true) !== FABRIC_FORMAT_VERSION) return null;
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
  return revive(header.fabric) as Fabric;
}
