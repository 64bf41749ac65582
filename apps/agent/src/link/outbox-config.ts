import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { OUTBOX_DEFAULTS, type OutboxConfig } from './outbox';

/** The gateway file's `outbox` section as written (every field optional). */
export interface OutboxSection {
  path?: string;
  max_mb?: number;
  max_age_days?: number;
}

function positive(file: string, field: string, v: unknown, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
    throw new Error(`${file}: "outbox.${field}" must be a positive number`);
  return v;
}

/**
 * The outbox of a gateway config (`base`: the config file's folder, for a relative path); defaults
 * `outbox.sqlite` beside the config, 256 MB, 30 days. A bad field stops start-up naming it.
 */
export function outboxConfig(file: string, base: string, section: unknown): OutboxConfig {
  if (section !== undefined && (typeof section !== 'object' || section === null || Array.isArray(section)))
    throw new Error(`${file}: "outbox" must be an object`);
  const s = (section ?? {}) as OutboxSection;
  if (s.path !== undefined && (typeof s.path !== 'string' || !s.path))
    throw new Error(`${file}: "outbox.path" must be a file name`);
  const path = s.path ?? OUTBOX_DEFAULTS.path;
  return {
    ...bundledAddon(),
    path: path === ':memory:' || isAbsolute(path) ? path : resolve(base, path),
    maxBytes: Math.round(positive(file, 'max_mb', s.max_mb, OUTBOX_DEFAULTS.max_mb) * 1024 * 1024),
    maxAgeMs: Math.round(
      positive(file, 'max_age_days', s.max_age_days, OUTBOX_DEFAULTS.max_age_days) * 86_400_000,
    ),
  };
}

/** The bundled gateway (scripts/build-gateway.mjs) carries SQLite's addon beside its one file. */
function bundledAddon(): { nativeBinding?: string } {
  const script = process.argv[1];
  const addon = script ? join(dirname(script), 'better_sqlite3.node') : '';
  return addon && existsSync(addon) ? { nativeBinding: addon } : {};
}
