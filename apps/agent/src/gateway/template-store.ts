import { existsSync, readFileSync } from 'node:fs';
import { syncTag, type SyncTag } from '@hmi/contract';
import { z } from 'zod';
import { writeFileAtomic } from './sources';

/** The template the gateway runs, as the cloud synced it (DESIGN.md: kept across restarts). */
export interface StoredTemplate {
  config_version: number;
  tags: SyncTag[];
}

const storedTemplate = z.object({ config_version: z.number().int().min(0), tags: z.array(syncTag) });

/** The stored template, or null when there is none yet (or the file is unreadable: wait for a sync). */
export function loadTemplate(path: string): StoredTemplate | null {
  if (!existsSync(path)) return null;
  try {
    const r = storedTemplate.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (r.success) return r.data;
  } catch {
    // fall through: a damaged file is reported and replaced by the next sync
  }
  console.error(`${path}: not a stored template; waiting for the next sync`);
  return null;
}

export function saveTemplate(path: string, t: StoredTemplate): void {
  writeFileAtomic(path, `${JSON.stringify(t)}\n`);
}
