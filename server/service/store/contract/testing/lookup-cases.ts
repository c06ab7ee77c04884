// Questions by identifier: catalogue, data, bulk, parcel and footprint records, history,
// translate, fixed and mobile coverage. Ids come from the fabric: present ones, ones retired or
// not yet built in the vintage asked, unknown ones, uuids of another vintage or layer, garbage.
import { latLngToCell } from 'h3-js';
import { RECORD_FIELDS } from '../../contract';
import { createUuidCodec } from '../../uuid-codec';
import type { LayerName, Store } from '../../store';
import type { Question } from './ask-both';
import type { Picker } from './pick';

const UNKNOWN_ID = 9_999_999_999;
const GARBAGE_UUIDS = ['', 'not-a-uuid', '00000000-0000-4000-8000-000000000000'];
const LAYERS: LayerName[] = ['locations', 'parcels', 'footprints'];

const q = <T>(what: string, ask: (s: Store) => Promise<T>): Question<unknown> => ({ what, ask });

/** location_ids to ask of vintage vi: present, absent from it, and one no release has. */
function idsFor(pick: Picker, vi: number, n: number): number[] {
  const id = pick.fabric.locations.locationId;
  const present = pick.sample(pick.present(vi), n).map((i) => id[i]);
  const absent = pick.sample(pick.absent(vi), Math.ceil(n / 5)).map((i) => id[i]);
  return pick.sample([...present, ...absent, UNKNOWN_ID], n + absent.length + 1);
}

export function catalogueQuestions(pick: Picker): Question<unknown>[] {
  const out = [
    q('fabricVintages()', (s) => s.fabricVintages()),
    q('coverageVintages()', (s) => s.coverageVintages()),
    q('layers()', (s) => s.layers()),
  ];
  for (const { vintage } of pick.fabric.vintages)
    for (const layer of LAYERS)
      out.push(q(`fields(${vintage}, ${layer})`, (s) => s.fields(vintage, layer)));
  return out;
}

export function recordQuestions(pick: Picker, vi: number): Question<unknown>[] {
  const { fabric } = pick;
  const v = fabric.vintages[vi].vintage;
  const codec = createUuidCodec(fabric.seed);
  const uuid = (layer: number, vintageIndex: number, feature: number) =>
    codec.encode({ layer, vintageIndex, feature });
  const out: Question<unknown>[] = [];
  const ids = idsFor(pick, vi, 60);
  for (const id of ids)
    out.push(
      q(`locationData(${v}, location_id ${id})`, (s) => s.locationData(v, { location_id: id })),
    );
  const other = (vi + 1) % fabric.vintages.length;
  const uuids = [
    ...pick.sample(pick.present(vi), 30).map((i) => uuid(0, vi, i)),
    ...pick.sample(pick.absent(vi), 5).map((i) => uuid(0, vi, i)),
    ...pick.sample(pick.present(other), 5).map((i) => uuid(0, other, i)),
    uuid(1, vi, 0),
    ...GARBAGE_UUIDS,
  ];
  for (const u of uuids)
    out.push(q(`locationData(${v}, uuid ${u})`, (s) => s.locationData(v, { uuid: u })));

  // Bulk: the ids in a shuffled order with repeats and unknown ones, under several field lists.
  const all = [...RECORD_FIELDS.locations];
  const fieldLists = [all, ['served_status', 'max_down_mbps'], ['h3_res9_id', 'latitude'], []];
  const byId = [...ids, ids[0], ids[1]];
  for (const fields of fieldLists) {
    const f = fields.join(',') || 'none';
    out.push(
      q(`bulkLocations(${v}, location_id x${byId.length}, [${f}])`, (s) =>
        s.bulkLocations(v, { location_id: byId }, fields),
      ),
      q(`bulkLocations(${v}, uuid x${uuids.length}, [${f}])`, (s) =>
        s.bulkLocations(v, { uuid: uuids }, fields),
      ),
    );
  }

  // Parcel and footprint records: features of the layer, another layer's, another vintage's.
  for (const [code, layer] of [
    [1, 'parcels'],
    [2, 'footprints'],
  ] as const) {
    const count = fabric[layer].geometry.count;
    const features = pick.sample(
      Array.from({ length: count }, (_, f) => f),
      40,
    );
    const asked = [
      ...features.map((f) => uuid(code, vi, f)),
      uuid(code, other, features[0]),
      uuid(3 - code, vi, features[1]),
      uuid(code, vi, count + 5),
      ...GARBAGE_UUIDS,
    ];
    out.push(q(`areaFeatures(${v}, ${layer})`, (s) => s.areaFeatures(v, layer, asked)));
  }
  return out;
}

export function historyQuestions(pick: Picker, vi: number): Question<unknown>[] {
  const l = pick.fabric.locations;
  const v = pick.fabric.vintages[vi].vintage;
  const retired: number[] = [];
  for (let i = 0; i < l.count; i++) if (l.reLocationId[i] > 0) retired.push(l.locationId[i]);
  const ids = [...retired, ...idsFor(pick, vi, 80)];
  const out = ids.map((id) => q(`history(${v}, ${id})`, (s) => s.history(v, id)));
  for (const id of idsFor(pick, vi, 40)) {
    out.push(
      q(`translate(${v}, location_id ${id})`, (s) =>
        s.translate(v, 'location_id', 'uuid', String(id)),
      ),
    );
  }
  const codec = createUuidCodec(pick.fabric.seed);
  for (const i of pick.sample(
    Array.from({ length: l.count }, (_, k) => k),
    40,
  )) {
    const u = codec.encode({ layer: 0, vintageIndex: vi, feature: i });
    out.push(q(`translate(${v}, uuid ${u})`, (s) => s.translate(v, 'uuid', 'location_id', u)));
  }
  for (const bad of ['abc', '0', '12345678901234567', '-1000000001', ...GARBAGE_UUIDS]) {
    out.push(
      q(`translate(${v}, location_id "${bad}")`, (s) => s.translate(v, 'location_id', 'uuid', bad)),
    );
    out.push(
      q(`translate(${v}, uuid "${bad}")`, (s) => s.translate(v, 'uuid', 'location_id', bad)),
    );
  }
  return out;
}

/**
 * Questions whose answer turns on an argument a store could overlook: fields of a vintage the
 * store does not hold, and a present location translated into its own kind. Each is answered
 * `[]`, where the same question with a held vintage or the other kind finds something.
 */
export function emptyAnswerQuestions(pick: Picker, vi: number): Question<unknown>[] {
  const v = pick.fabric.vintages[vi].vintage;
  const codec = createUuidCodec(pick.fabric.seed);
  const [i] = pick.sample(pick.present(vi), 1);
  const id = String(pick.fabric.locations.locationId[i]);
  const u = codec.encode({ layer: 0, vintageIndex: vi, feature: i });
  return [
    ...LAYERS.map((layer) => q(`fields(209912, ${layer})`, (s) => s.fields('209912', layer))),
    q(`translate(${v}, location_id ${id} into location_id)`, (s) =>
      s.translate(v, 'location_id', 'location_id', id),
    ),
    q(`translate(${v}, uuid ${u} into uuid)`, (s) => s.translate(v, 'uuid', 'uuid', u)),
  ];
}

export function coverageQuestions(pick: Picker, ci: number): Question<unknown>[] {
  const { fabric } = pick;
  const v = fabric.fixedCoverage[ci].vintage;
  const out: Question<unknown>[] = [];
  const ids = idsFor(pick, Math.min(ci, fabric.vintages.length - 1), 120);
  for (let k = 0; k < ids.length; k += 30) {
    const chunk = ids.slice(k, k + 30);
    out.push(q(`fixedCoverage(${v}, ids ${k}..)`, (s) => s.fixedCoverage(v, chunk)));
  }
  const l = fabric.locations;
  const cells = pick.sample(pick.present(ci), 120).map((i) => latLngToCell(l.lat[i], l.lng[i], 9));
  cells.push(cells[0].toUpperCase(), '8926648d6d3ffff', 'zzz', cells[1]);
  for (let k = 0; k < cells.length; k += 31) {
    const chunk = cells.slice(k, k + 31);
    out.push(q(`mobileCoverage(${v}, cells ${k}..)`, (s) => s.mobileCoverage(v, chunk)));
  }
  return out;
}
