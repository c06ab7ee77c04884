// Upstream's uuid of each synced location in each synced fabric vintage, as bulk named it (every
// record bulk answers carries its uuid and location_id). The workspace's own fabric names its
// locations with its own uuids (the codec's, keyed per host), so translate is answered locally
// from this table alone: a uuid is a feature of one vintage, and upstream's is the only one a
// client may hold. Kept packed (ids ascending, the uuids' bytes one after the other), a few
// bytes a location beyond the uuid itself, in a file of its own beside the fabric.
import { indexIn } from './sorted-ids';
import type { SyncedLocation } from './published-shapes';

/** One fabric vintage's uuids: uuid k (bytes start[k]..start[k+1]) is location ids[k]'s. */
export interface VintageUuids {
  vintage: string;
  /** Ascending, once each. */
  ids: Float64Array;
  start: Uint32Array;
  bytes: Uint8Array;
}

/** What answers translate locally: null when the workspace does not hold the pair. */
export interface UpstreamIds {
  uuidOf(vintage: string, locationId: number): Promise<string | null>;
  locationIdOf(vintage: string, uuid: string): Promise<number | null>;
  close(): Promise<void>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A growable typed array's next size. */
function grown<T extends Float64Array | Uint32Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/**
 * One vintage's table from its records (read once, each uuid packed as it comes, so a state's
 * millions are not held as strings): each location_id with the uuid bulk named for it. A
 * location named twice with two uuids would make the answer ambiguous: that stops.
 */
export function vintageUuids(vintage: string, records: Iterable<SyncedLocation>): VintageUuids {
  let ids = new Float64Array(1024);
  let start = new Uint32Array(1025);
  let bytes = new Uint8Array(1024 * 36);
  let n = 0;
  for (const r of records) {
    const b = encoder.encode(r.uuid);
    ids = grown(ids, n + 1);
    start = grown(start, n + 2);
    bytes = grown(bytes, start[n]! + b.length);
    ids[n] = r.location_id;
    bytes.set(b, start[n]!);
    start[n + 1] = start[n]! + b.length;
    n++;
  }
  const order = Uint32Array.from({ length: n }, (_, k) => k).sort((x, y) => ids[x]! - ids[y]!);
  const uuidOf = (k: number) => bytes.subarray(start[k]!, start[k + 1]!);
  const kept: number[] = [];
  for (const k of order) {
    const last = kept[kept.length - 1];
    if (last === undefined || ids[last] !== ids[k]) kept.push(k);
    else if (decoder.decode(uuidOf(last)) !== decoder.decode(uuidOf(k)))
      throw new Error(
        `fabric ${vintage}: location ${ids[k]} came with two uuids (${decoder.decode(uuidOf(last))}, ${decoder.decode(uuidOf(k))})`,
      );
  }
  const out = {
    vintage,
    ids: new Float64Array(kept.length),
    start: new Uint32Array(kept.length + 1),
    bytes: new Uint8Array(kept.reduce((sum, k) => sum + start[k + 1]! - start[k]!, 0)),
  };
  kept.forEach((k, j) => {
    out.ids[j] = ids[k]!;
    out.bytes.set(uuidOf(k), out.start[j]!);
    out.start[j + 1] = out.start[j]! + uuidOf(k).length;
  });
  return out;
}

const MAGIC = 'WSUUIDS1';

const pad8 = (n: number) => (8 - (n % 8)) % 8;

/** The tables as one file: a magic, a JSON header naming each vintage's sizes, the arrays. */
export function encodeUpstreamUuids(tables: readonly VintageUuids[]): Buffer[] {
  const header = Buffer.from(
    JSON.stringify(
      tables.map((t) => ({ vintage: t.vintage, count: t.ids.length, bytes: t.bytes.length })),
    ),
  );
  const parts: Buffer[] = [Buffer.from(MAGIC), Buffer.alloc(4)];
  parts[1]!.writeUInt32LE(header.length);
  parts.push(header, Buffer.alloc(pad8(MAGIC.length + 4 + header.length)));
  for (const t of tables) {
    parts.push(Buffer.from(t.ids.buffer, t.ids.byteOffset, t.ids.byteLength));
    parts.push(Buffer.from(t.start.buffer, t.start.byteOffset, t.start.byteLength));
    parts.push(Buffer.from(t.bytes.buffer, t.bytes.byteOffset, t.bytes.byteLength));
    parts.push(Buffer.alloc(pad8(t.start.byteLength + t.bytes.byteLength)));
  }
  return parts;
}

/** The tables of a file encodeUpstreamUuids wrote; throws on another file. */
export function decodeUpstreamUuids(file: Buffer): VintageUuids[] {
  if (file.subarray(0, MAGIC.length).toString() !== MAGIC)
    throw new Error('not a table of upstream uuids this version reads');
  const headerLength = file.readUInt32LE(MAGIC.length);
  let at = MAGIC.length + 4;
  const header = JSON.parse(file.subarray(at, at + headerLength).toString()) as {
    vintage: string;
    count: number;
    bytes: number;
  }[];
  at += headerLength;
  at += pad8(at);
  // Copied out, so each array is aligned whatever the Buffer's own offset.
  const take = (n: number) => {
    const b = new Uint8Array(n);
    b.set(file.subarray(at, at + n));
    at += n;
    if (at > file.length) throw new Error('the table of upstream uuids is cut short');
    return b.buffer;
  };
  return header.map(({ vintage, count, bytes }) => {
    const ids = new Float64Array(take(count * 8));
    const start = new Uint32Array(take((count + 1) * 4));
    const uuidBytes = new Uint8Array(take(bytes));
    at += pad8((count + 1) * 4 + bytes);
    return { vintage, ids, start, bytes: uuidBytes };
  });
}

/** FNV-1a over bytes: the slot of a uuid in a vintage's reverse index. */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) h = Math.imul(h ^ bytes[k]!, 0x01000193);
  return h >>> 0;
}

/** The tables held in memory, each with an open-addressed index from uuid to its row. */
export function upstreamIdsInMemory(tables: readonly VintageUuids[]): UpstreamIds {
  const byVintage = new Map(
    tables.map((t) => {
      const n = t.ids.length;
      const size = 1 << Math.ceil(Math.log2(Math.max(2, n * 2)));
      const slots = new Uint32Array(size);
      for (let k = 0; k < n; k++) {
        let s = hashOf(t.bytes, t.start[k]!, t.start[k + 1]!) & (size - 1);
        while (slots[s]) s = (s + 1) & (size - 1);
        slots[s] = k + 1;
      }
      return [t.vintage, { ...t, slots }] as const;
    }),
  );
  const uuidAt = (t: VintageUuids, k: number) =>
    decoder.decode(t.bytes.subarray(t.start[k]!, t.start[k + 1]!));
  return {
    uuidOf: async (vintage, locationId) => {
      const t = byVintage.get(vintage);
      const k = t ? indexIn(t.ids, locationId) : -1;
      return k < 0 ? null : uuidAt(t!, k);
    },
    locationIdOf: async (vintage, uuid) => {
      const t = byVintage.get(vintage);
      if (!t) return null;
      const asked = encoder.encode(uuid);
      const mask = t.slots.length - 1;
      for (let s = hashOf(asked, 0, asked.length) & mask; t.slots[s]; s = (s + 1) & mask) {
        const k = t.slots[s]! - 1;
        const from = t.start[k]!;
        if (t.start[k + 1]! - from !== asked.length) continue;
        let same = true;
        for (let j = 0; j < asked.length && same; j++) same = t.bytes[from + j] === asked[j];
        if (same) return t.ids[k]!;
      }
      return null;
    },
    close: async () => {},
  };
}
