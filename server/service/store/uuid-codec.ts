// uuids for every (layer, vintage, feature) without storing millions of strings: a keyed
// 4-round Feistel permutation of 64 bits (a magic tag, layer, vintage index, feature index)
// is reversible, so decoding a uuid is arithmetic, not a lookup. The other 58 bits are a
// keyed checksum of the cipher, so random or edited uuids decode to nothing. Formatted with
// the v4 version nibble and RFC 4122 variant so clients see ordinary UUIDs.

export interface UuidTarget {
  layer: number; // 0 locations, 1 parcels, 2 footprints
  vintageIndex: number;
  feature: number; // index in the fabric's arrays
}

const MAGIC = 0xfab1;

function mix(x: number, k: number): number {
  let h = Math.imul(x ^ k, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  return h >>> 0;
}

function hex(n: number, digits: number): string {
  return (n >>> 0)
    .toString(16)
    .padStart(8, '0')
    .slice(8 - digits);
}

export interface UuidCodec {
  encode(t: UuidTarget): string;
  decode(uuid: string): UuidTarget | null;
}

export function createUuidCodec(seed: number): UuidCodec {
  const keys = [0, 1, 2, 3].map((r) => mix(seed + r * 0x632be5ab, 0x27d4eb2f));
  const checkKeys = [mix(seed, 0x165667b1), mix(seed, 0xd3a2646c)];

  function encrypt(l: number, r: number): [number, number] {
    for (const k of keys) [l, r] = [r, (l ^ mix(r, k)) >>> 0];
    return [l, r];
  }
  function decrypt(l: number, r: number): [number, number] {
    for (let i = keys.length - 1; i >= 0; i--) [l, r] = [(r ^ mix(l, keys[i])) >>> 0, l];
    return [l, r];
  }
  function checksum(hi: number, lo: number): [number, number] {
    return [mix(hi ^ lo, checkKeys[0]), mix(lo + hi, checkKeys[1])];
  }

  return {
    encode({ layer, vintageIndex, feature }) {
      const [hi, lo] = encrypt(((MAGIC << 16) | (layer << 8) | vintageIndex) >>> 0, feature >>> 0);
      const [c1, c2] = checksum(hi, lo);
      const loHex = hex(lo, 8);
      // 32 hex digits: cipher (16) around the fixed version digit, 2 checksum bits in the
      // variant digit, 14 checksum digits after.
      const variant = (8 | (c1 >>> 30)).toString(16);
      const tail = hex(c1, 7) + hex(c2, 8).slice(1);
      const h =
        hex(hi, 8) + loHex.slice(0, 4) + '4' + loHex.slice(4, 7) + variant + loHex.slice(7) + tail;
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    decode(uuid) {
      if (uuid.length !== 36) return null;
      const h = uuid.replace(/-/g, '').toLowerCase();
      if (!/^[0-9a-f]{32}$/.test(h) || h[12] !== '4') return null;
      const hi = parseInt(h.slice(0, 8), 16);
      const lo = parseInt(h.slice(8, 12) + h.slice(13, 16) + h.slice(17, 18), 16) >>> 0;
      const [c1, c2] = checksum(hi, lo);
      const variant = (8 | (c1 >>> 30)).toString(16);
      const tail = hex(c1, 7) + hex(c2, 8).slice(1);
      if (h[16] !== variant || h.slice(18) !== tail) return null;
      const [l, feature] = decrypt(hi, lo);
      if (l >>> 16 !== MAGIC) return null;
      return { layer: (l >>> 8) & 0xff, vintageIndex: l & 0xff, feature };
    },
  };
}
