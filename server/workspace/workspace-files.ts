// The workspace on disk: the Fabric in the demo's binary form (server/demo/fabric-codec.ts) and
// a small JSON manifest naming it. The manifest is written last, under a temporary name and
// renamed over the old one: that one rename switches the workspace, so a sync stopped before it
// leaves the previous workspace whole and a half-synced area is never shown.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { decodeFabric, encodeFabric } from '../demo/fabric-codec';
import type { Fabric } from '../service/store/fabric';
import { readTextIfPresent, writeFileAtomic } from './journal';

export const MANIFEST = 'workspace.json';

const ManifestSchema = z.object({
  format: z.literal(1),
  sourceHost: z.string(),
  /** Every county held, ascending by GEOID. */
  areas: z.array(z.object({ kind: z.literal('county'), geoid: z.string(), name: z.string() })),
  /** States synced whole (--state); their counties are among areas. */
  states: z.array(z.object({ geoid: z.string(), name: z.string() })).default([]),
  fabricVintages: z.array(z.string()),
  coverageVintages: z.array(z.string()),
  syncedAt: z.string(),
  locations: z.number().int(),
  /** Requests this sync sent, per operation (journaled answers of earlier runs not counted). */
  requests: z.record(z.string(), z.number().int()),
  credits: z.number(),
  fabricFile: z.string().regex(/^fabric-[\w-]+\.bin$/),
});
export type WorkspaceManifest = z.output<typeof ManifestSchema>;

/** Writes the fabric, then switches the manifest to it, then removes older fabric files. */
export function writeWorkspace(
  dir: string,
  fabric: Fabric,
  manifest: Omit<WorkspaceManifest, 'fabricFile' | 'format'>,
): WorkspaceManifest {
  const fabricFile = `fabric-${manifest.syncedAt.replace(/[^\dT]/g, '')}-${process.pid}.bin`;
  writeFileAtomic(join(dir, fabricFile), encodeFabric(fabric));
  const full: WorkspaceManifest = { format: 1, ...manifest, fabricFile };
  writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify(full, null, 2)}\n`);
  for (const name of readdirSync(dir)) {
    if (/^fabric-.*\.bin(\.\d+\.tmp)?$/.test(name) && name !== fabricFile)
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

export function readWorkspaceFabric(dir: string, manifest: WorkspaceManifest): Fabric {
  const fabric = decodeFabric(readFileSync(join(dir, manifest.fabricFile)));
  if (!fabric) throw new Error(`${manifest.fabricFile} is not a fabric this version reads`);
  return fabric;
}
