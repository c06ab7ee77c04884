// A fabric whose typed columns all live on SharedArrayBuffer, so the worker threads that answer
// the heavy operations read the main thread's columns instead of holding a copy each (a million
// locations are about 300 MB of columns). Posting such a fabric to a worker copies only its
// plain values (names, towns, the county outline); every typed array arrives as a view of the
// same memory.
import type { Fabric } from '../fabric';

type Typed = ArrayBufferView & { readonly length: number; readonly BYTES_PER_ELEMENT: number };

const pad8 = (n: number) => (n + 7) & ~7;

function isTyped(value: unknown): value is Typed {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

function isShared(value: Typed): boolean {
  return value.buffer instanceof SharedArrayBuffer;
}

/** Every typed array in a value (objects and arrays walked), in a fixed order. */
function typedArraysOf(value: unknown, out: Typed[] = []): Typed[] {
  if (isTyped(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) typedArraysOf(v, out);
  else if (typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) typedArraysOf(v, out);
  return out;
}

/**
 * The same fabric with every unshared typed array copied into one SharedArrayBuffer (8-byte
 * aligned slots); shared arrays and plain values are kept as they are. A fabric read from the
 * .data cache is shared already (load-demo-fabric.ts reads it into one), so this copies only
 * freshly generated or test fabrics.
 */
export function shareFabric(fabric: Fabric): Fabric {
  const unshared = typedArraysOf(fabric).filter((a) => !isShared(a));
  if (unshared.length === 0) return fabric;
  let bytes = 0;
  for (const a of unshared) bytes = pad8(bytes + a.byteLength);
  const memory = new SharedArrayBuffer(bytes);
  const copies = new Map<Typed, Typed>();
  let offset = 0;
  for (const a of unshared) {
    const Ctor = a.constructor as new (buffer: ArrayBufferLike, offset: number, n: number) => Typed;
    const copy = new Ctor(memory, offset, a.length);
    new Uint8Array(memory, offset, a.byteLength).set(
      new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
    );
    copies.set(a, copy);
    offset = pad8(offset + a.byteLength);
  }
  const rebuild = (value: unknown): unknown => {
    if (isTyped(value)) return copies.get(value) ?? value;
    if (Array.isArray(value)) return value.map(rebuild);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rebuild(v);
    return out;
  };
  return rebuild(fabric) as Fabric;
}
