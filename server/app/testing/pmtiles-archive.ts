// A small PMTiles v3 archive for tests (the pmtiles package only reads them): the 127-byte
// header, an uncompressed root directory and tiles, laid out as the specification says
// (github.com/protomaps/PMTiles, spec/v3/spec.md). One solid-colour PNG tile at zoom 0 covers
// the world, so a map drawn at any zoom shows that colour where nothing else is drawn.
import { crc32, deflateSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

function varints(values: number[]): Buffer {
  const bytes: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    bytes.push(v);
  }
  return Buffer.from(bytes);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 256 × 256 PNG of one colour. */
export function solidPng([r, g, b]: [number, number, number], size = 256): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.alloc(1 + 3 * size);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + 3 * x);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The archive of one PNG tile at z/x/y (zoom 0 by default): its bytes. */
export function pmtilesArchive(tile: Buffer, [z, x, y]: [number, number, number] = [0, 0, 0]) {
  // One entry: tile id, run length 1, length, offset + 1 (the first entry's offset is written so).
  const root = Buffer.concat([varints([1, zxyToTileId(z, x, y), 1, tile.length, 1])]);
  const metadata = Buffer.from('{}');
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const tileOffset = metadataOffset + metadata.length;
  const u64 = (at: number, v: number) => header.writeBigUInt64LE(BigInt(v), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileOffset); // no leaf directories
  u64(48, 0);
  u64(56, tileOffset);
  u64(64, tile.length);
  u64(72, 1); // addressed tiles
  u64(80, 1); // tile entries
  u64(88, 1); // tile contents
  header[96] = 1; // clustered
  header[97] = 1; // internal compression: none
  header[98] = 1; // tile compression: none
  header[99] = 2; // tile type: PNG
  header[100] = z; // min zoom
  header[101] = z; // max zoom
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header[118] = z;
  return Buffer.concat([header, root, metadata, tile]);
}
