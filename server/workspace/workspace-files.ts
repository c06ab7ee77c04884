// The workspace on disk: the Fabric in the demo's binary form (server/demo/fabric-codec.ts),
// upstream's uuids per synced fabric vintage (upstream-uuids.ts; format 2 on), and a small JSON
// manifest naming them. A format-1 workspace (synced before the uuids were kept) still opens:
// it answers what it did then, and translate goes upstream until it is synced again. The manifest is written last, under a temporary name and
// renamed over the old one: that one rename switches the workspace, so a sync stopped before it
// leaves the previous workspace whole and a half-synced area is never shown.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { decodeFabric, encodeFabric } from '../demo/fabric-codec';
import type { Fabric } from '../service/store/fabric';
import { readTextIfPresent, writeFileAtomic } from './journal';
import { decodeUpstreamUuids, encodeUpstreamUuids, type VintageUuids } from './upstream-uuids';

export const MANIFEST = 'workspace.json';

const ManifestSchema = z
  .object({
    /** 1: no uuids file; 2: uuidsFile names upstream's uuids of every synced location. */
    format: z.union([z.literal(1), z.literal(2)]),
    sourceHost: z.string(),
    /** Every county held, ascending by GEOID. */
    areas: z.array(z.object({ kind: z.literal('county'), geoid: z.string(), name: z.string() })),
    /** States synced whole (--state); their counties are among areas. */
    states: z.array(z.object({ geoid: z.string(), name: z.string() })).default([]),
    fabricVintages: z.array(z.string()),
    coverageVintages: z.array(z.string()),
    /**
     * Per synced fabric vintage, whether data (the panel's record) is answered from the
     * workspace, and why not (verify-data.ts). Absent in a workspace synced before: upstream.
     */
    localData: z
      .record(z.string(), z.object({ answered: z.boolean(), why: z.string().optional() }))
      .default({}),
    /**
     * Whether history is answered from the workspace (verify-history.ts): the fabric vintages
     * upstream listed at the sync, the dialect of its records, per synced fabric vintage the
     * verdict, and the retired locations whose equivalent lies outside the workspace. Absent
     * in a workspace synced before: upstream.
     */
    localHistory: z
      .object({
        listed: z.array(z.string()),
        dialect: z.enum(['published', 'seed', 'both']).nullable(),
        vintages: z.record(
          z.string(),
          z.object({ answered: z.boolean(), why: z.string().optional() }),
        ),
        elsewhere: z.array(z.number().int()),
      })
      .optional(),
    syncedAt: z.string(),
    locations: z.number().int(),
    /** Requests this sync sent, per operation (journaled answers of earlier runs not counted). */
    requests: z.record(z.string(), z.number().int()),
    credits: z.number(),
    fabricFile: z.string().regex(/^fabric-[\w-]+\.bin$/),
    uuidsFile: z
      .string()
      .regex(/^uuids-[\w-]+\.bin$/)
      .optional(),
  })
  .refine((m) => (m.format === 2) === (m.uuidsFile !== undefined), {
    error: 'a format-2 workspace names its uuids file, a format-1 one none',
  });
export type WorkspaceManifest = z.output<typeof ManifestSchema>;

/**
 * Writes the fabric and upstream's uuids, then switches the manifest to them, then removes
 * older fabric and uuids files.
 */
export function writeWorkspace(
  dir: string,
  fabric: Fabric,
  uuids: readonly VintageUuids[],
  manifest: Omit<WorkspaceManifest, 'fabricFile' | 'uuidsFile' | 'format'>,
): WorkspaceManifest {
  const stamp = `${manifest.syncedAt.replace(/[^\dT]/g, '')}-${process.pid}`;
  const fabricFile = `fabric-${stamp}.bin`;
  const uuidsFile = `uuids-${stamp}.bin`;
  writeFileAtomic(join(dir, fabricFile), encodeFabric(fabric));
  writeFileAtomic(join(dir, uuidsFile), encodeUpstreamUuids(uuids));
  const full: WorkspaceManifest = { format: 2, ...manifest, fabricFile, uuidsFile };
  writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify(full, null, 2)}\n`);
  for (const name of readdirSync(dir)) {
    if (
      /^(fabric|uuids)-.*\.bin(\.\d+\.tmp)?$/.test(name) &&
      ![fabricFile, uuidsFile].includes(name)
    )
      rmSync(join(dir, name), { force: true });
  }
  return full;
}

/** A manifest's text read back (from the folder, or from the database it was published in). */
export function parseManifest(text: string): WorkspaceManifest {
  return ManifestSchema.parse(JSON.parse(text));
}

/** The manifest, or null when the directory holds no workspace. Throws on a damaged one. */
export function readManifest(dir: string): WorkspaceManifest | null {
  const text = readTextIfPresent(join(dir, MANIFEST));
  return text === undefined ? null : parseManifest(text);
}

/** Upstream's uuids of a format-2 workspace; null for format 1 (synced before they were kept). */
export function readUpstreamUuids(dir: string, manifest: WorkspaceManifest): VintageUuids[] | null {
  return manifest.uuidsFile
    ? decodeUpstreamUuids(readFileSync(join(dir, manifest.uuidsFile)))
    : null;
}

export function readWorkspaceFabric(dir: string, manifest: WorkspaceManifest): Fabric {
  const fabric = decodeFabric(readFileSync(join(dir, manifest.fabricFile)));
  if (!fabric) throw new Error(`${manifest.fabricFile} is not a fabric this version reads`);
  return fabric;
}
