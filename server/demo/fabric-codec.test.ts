import { describe, expect, it } from 'vitest';
import type { Fabric, PackedGeometry } from '../service/store/fabric';
import { unpackStarts, type RecordStarts } from '../service/store/record-starts';
import { decodeFabric, encodeFabric } from './fabric-codec';
import { generateFabric } from './generate-fabric';

const roundTrip = (f: Fabric) => decodeFabric(Buffer.concat(encodeFabric(f)))!;

function isStarts(v: object): v is RecordStarts {
  return 'shift' in v && 'base' in v && 'delta' in v;
}

/**
 * Every value of a fabric by path, whatever form it is stored in: typed arrays as plain
 * numbers, packed starts unpacked, absent part starts as the single parts they stand for.
 */
function valuesOf(
  value: unknown,
  path = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (ArrayBuffer.isView(value)) out.set(path, Array.from(value as Uint8Array));
  else if (Array.isArray(value)) value.forEach((v, i) => valuesOf(v, `${path}[${i}]`, out));
  else if (typeof value === 'object' && value !== null) {
    if (isStarts(value)) out.set(path, Array.from(unpackStarts(value)));
    else if ('partStart' in value && (value as PackedGeometry).partStart === null) {
      const g = value as PackedGeometry;
      valuesOf(
        { ...g, partStart: Uint32Array.from({ length: g.count + 1 }, (_, i) => i) },
        path,
        out,
      );
    } else for (const [k, v] of Object.entries(value)) valuesOf(v, `${path}.${k}`, out);
  } else out.set(path, value);
  return out;
}

function expectSameValues(actual: Fabric, expected: Fabric) {
  const a = valuesOf(actual);
  const e = valuesOf(expected);
  expect([...a.keys()].sort()).toEqual([...e.keys()].sort());
  for (const [path, values] of e) expect(a.get(path), path).toEqual(values);
}

describe('fabric codec', () => {
  const fabric = generateFabric({ seed: 5, locations: 3000 });

  it('gives back every value of every column, read from narrower columns', () => {
    const back = roundTrip(fabric);
    expectSameValues(back, fabric);
    // The compact forms are what was read, not the generator's.
    expect(back.locations.locationId).toBeInstanceOf(Uint32Array);
    expect(back.locations.reLocationId).toBeInstanceOf(Uint32Array);
    expect(back.locations.road).toBeInstanceOf(Uint16Array);
    expect(back.locations.houseNumber).toBeInstanceOf(Uint16Array);
    expect(back.locations.town).toBeInstanceOf(Uint8Array);
    expect(back.parcels.geometry.partStart).toBeNull();
    expect(back.footprints.geometry.partStart).toBeNull();
    expect(back.fixedCoverage[0]!.start.delta).toBeInstanceOf(Uint8Array);
  });

  it('keeps a column wide when one value does not fit the narrower type', () => {
    const locationId = Float64Array.from(fabric.locations.locationId);
    locationId[locationId.length - 1] = 9_999_999_999; // 10 digits, above 2^32
    const houseNumber = Uint32Array.from(fabric.locations.houseNumber);
    houseNumber[0] = 70_000;
    // Two parts for the first parcel: part starts are then kept.
    const g = fabric.parcels.geometry;
    const partStart = Uint32Array.from({ length: g.count + 1 }, (_, i) => (i === 0 ? 0 : i + 1));
    const vertexStart = new Uint32Array(g.vertexStart.length + 1);
    vertexStart.set(g.vertexStart.subarray(0, 1));
    vertexStart[1] = 2; // the first ring cut in two parts: vertices 0-1, then the rest
    vertexStart.set(g.vertexStart.subarray(1), 2);
    const wide: Fabric = {
      ...fabric,
      locations: { ...fabric.locations, locationId, houseNumber },
      parcels: { geometry: { ...g, partStart, vertexStart } },
    };
    const back = roundTrip(wide);
    expectSameValues(back, wide);
    expect(back.locations.locationId).toBeInstanceOf(Float64Array);
    expect(back.locations.houseNumber).toBeInstanceOf(Uint32Array);
    expect(back.parcels.geometry.partStart).toBeInstanceOf(Uint32Array);
  });

  it('reads the previous format (plain coverage starts) into the same values', () => {
    const previous = {
      ...fabric,
      fixedCoverage: fabric.fixedCoverage.map((c) => ({ ...c, start: unpackStarts(c.start) })),
    } as unknown as Fabric;
    const bytes = Buffer.concat(encodeFabric(previous));
    bytes.writeUInt32LE(5, 8);
    const back = decodeFabric(bytes)!;
    expectSameValues(back, fabric);
    bytes.writeUInt32LE(4, 8);
    expect(decodeFabric(bytes)).toBeNull();
  });
});
