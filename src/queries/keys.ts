// Query key factories, one per resource. Every key starts with its resource name and holds
// the vintage before the id, so one vintage's data can be invalidated or inspected together.
// Keys are never written inline in hooks.
import type { IdKind } from '../api/schemas';

export const fabricKeys = {
  all: ['fabric'] as const,
  vintages: () => [...fabricKeys.all, 'vintages'] as const,
  fields: (vintage: string, layer: string) =>
    [...fabricKeys.all, vintage, 'fields', layer] as const,
};

export const locationKeys = {
  all: ['location'] as const,
  vintage: (vintage: string) => [...locationKeys.all, vintage] as const,
  detail: (vintage: string, locationId: number) =>
    [...locationKeys.vintage(vintage), 'data', locationId] as const,
  history: (vintage: string, locationId: number) =>
    [...locationKeys.vintage(vintage), 'history', locationId] as const,
  translate: (vintage: string, src: IdKind, dest: IdKind, id: string) =>
    [...locationKeys.vintage(vintage), 'translate', src, dest, id] as const,
};

export const locateKeys = {
  all: ['locate'] as const,
  point: (
    vintage: string,
    lat: number,
    lng: number,
    parceldistancem: number,
    neardistancem: number,
  ) => [...locateKeys.all, vintage, lat, lng, parceldistancem, neardistancem] as const,
};

export const matchKeys = {
  all: ['match'] as const,
  text: (vintage: string, text: string, maxresults: number) =>
    [...matchKeys.all, vintage, text, maxresults] as const,
};

export const placesKeys = {
  all: ['places'] as const,
  query: (vintage: string, q: string, maxresults: number) =>
    [...placesKeys.all, vintage, q, maxresults] as const,
};

export const providersKeys = {
  all: ['providers'] as const,
  query: (vintage: string, q: string, maxresults: number) =>
    [...providersKeys.all, vintage, q, maxresults] as const,
};

export const summarizeKeys = {
  all: ['summarize'] as const,
  /** An area's summary, one request or a split run (see hashJson for the area). */
  area: (
    vintage: string,
    areaHash: string,
    fields: readonly string[],
    nocat: boolean,
    at: string = '',
  ) => [...summarizeKeys.all, vintage, areaHash, fields.join(','), nocat, at] as const,
  /** How far the split run of that summary has got; written by its query function. */
  progress: (
    vintage: string,
    areaHash: string,
    fields: readonly string[],
    nocat: boolean,
    at: string = '',
  ) => [...summarizeKeys.all, 'progress', vintage, areaHash, fields.join(','), nocat, at] as const,
};

export const reportKeys = {
  all: ['report'] as const,
  /** An area's report at a fabric and coverage vintage under the filters (see hashJson). */
  area: (vintage: string, coverage: string, filters: string, areaHash: string) =>
    [...reportKeys.all, vintage, coverage, filters, areaHash] as const,
  progress: (vintage: string, coverage: string, filters: string, areaHash: string) =>
    [...reportKeys.all, 'progress', vintage, coverage, filters, areaHash] as const,
};

export const coverageKeys = {
  all: ['coverage'] as const,
  vintages: () => [...coverageKeys.all, 'vintages'] as const,
  fixed: (coverageVintage: string, locationId: number) =>
    [...coverageKeys.all, coverageVintage, 'fixed', locationId] as const,
  mobile: (coverageVintage: string, cell: string) =>
    [...coverageKeys.all, coverageVintage, 'mobile', cell] as const,
  /** A block of cells (`block:<res-7 cell>`); the batched hook keys one block per entry. */
  mobileCells: (coverageVintage: string, cellsHash: string) =>
    [...coverageKeys.all, coverageVintage, 'mobile-cells', cellsHash] as const,
};

export const healthKeys = {
  all: ['health'] as const,
  status: () => [...healthKeys.all, 'status'] as const,
};

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  listApis: () => [...accountKeys.all, 'listapis'] as const,
};

/**
 * Street-zoom fixed broadband locations from the published operations (a service without fixed
 * tiles): collect3 of a view's box, and chunks of its locations assembled at a coverage vintage
 * (`release`: the fabric release checked for presence, '' for none).
 */
export const fixedViewKeys = {
  all: ['fixed-view'] as const,
  collect: (fabric: string, box: string) => [...fixedViewKeys.all, fabric, 'collect', box] as const,
  chunks: (fabric: string, coverage: string, release: string | null) =>
    [...fixedViewKeys.all, fabric, 'chunk', coverage, release ?? ''] as const,
  chunk: (fabric: string, coverage: string, release: string | null, uuidsHash: string) =>
    [...fixedViewKeys.chunks(fabric, coverage, release), uuidsHash] as const,
};

export const compareKeys = {
  all: ['compare'] as const,
  /** `releases`: coverage and fabric vintage, then the compared-with coverage and fabric. */
  replaces: (releases: readonly string[], locationId: number) =>
    [...compareKeys.all, ...releases, 'replaces', locationId] as const,
};

export const workspaceSyncKeys = {
  all: ['workspace-sync'] as const,
  job: () => [...workspaceSyncKeys.all, 'job'] as const,
  estimate: (body: string) => [...workspaceSyncKeys.all, 'estimate', body] as const,
};
