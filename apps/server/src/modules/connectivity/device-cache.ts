import { partsOf } from './repo/parts';
import type { DeviceBySn, StateStore, TagDef } from './repo/state-store';

/**
 * Registry rows are re-read after about this long (a group move, or a bind on another instance
 * whose bus event was lost, reaches ingest within it): each device after 0.75-1.25 times it,
 * spread by its SN. A fleet connects at once and would otherwise re-read its rows together every
 * period: 1,000 devices made bursts of 2,000 queries that queued every request behind them for the
 * pool's ten PostgreSQL connections (soak: API p99 229 ms).
 */
const DEVICE_CACHE_MS = 5000;
/** Templates whose TAGs are kept (a template's TAGs at one version never change). */
const TEMPLATES_KEPT = 10_000;

export interface CachedDevice {
  device: DeviceBySn | null;
  tags: Map<string, TagDef>;
  loadedAt: number;
}

/** 0.75-1.25, the same for an SN every time (FNV-1a of its characters). */
function spreadOf(sn: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < sn.length; i += 1) h = Math.imul(h ^ sn.charCodeAt(i), 0x01000193);
  return 0.75 + (h >>> 0) / 2 ** 33;
}

/** The registry as ingest sees it, by SN: the device (null when unbound) and its template's TAGs. */
export class DeviceCache {
  private readonly cache = new Map<string, CachedDevice>();
  /**
   * A template's TAGs by its id, at the version read. Every change of a template's TAGs raises its
   * version (templates/service.ts), which the device's row carries: the TAGs are read again only then,
   * not once per device and period.
   */
  private readonly templates = new Map<
    number,
    { version: number | null; tags: Promise<Map<string, TagDef>> }
  >();

  /** SNs whose rows are asked for in this turn of the event loop, and who waits for each. */
  private asked: Map<string, ((row: DeviceBySn | null) => void)[]> | null = null;
  private askedFailed: ((err: unknown) => void)[] = [];

  constructor(private readonly store: StateStore) {}

  async get(sn: string): Promise<CachedDevice> {
    const hit = this.cache.get(sn);
    const now = Date.now();
    if (hit && now - hit.loadedAt < DEVICE_CACHE_MS * spreadOf(sn)) return hit;
    const device = await this.rowOf(sn);
    const tags =
      device?.template_id != null
        ? await this.tagsOf(device.template_id, device.template_version)
        : new Map<string, TagDef>();
    const entry = { device, tags, loadedAt: now };
    this.cache.set(sn, entry);
    return entry;
  }

  /** The next `get` reads the registry again (bound, unbound, template changed). */
  forget(sn: string): void {
    this.cache.delete(sn);
  }

  /**
   * A device's row, read with the others asked for in the same turn of the event loop: one query for
   * the SNs whose entries ran out meanwhile, not one each.
   */
  private rowOf(sn: string): Promise<DeviceBySn | null> {
    if (!this.asked) {
      this.asked = new Map();
      setImmediate(() => void this.readAsked());
    }
    const asked = this.asked;
    return new Promise((resolve, reject) => {
      const waiting = asked.get(sn);
      if (waiting) waiting.push(resolve);
      else asked.set(sn, [resolve]);
      this.askedFailed.push(reject);
    });
  }

  private async readAsked(): Promise<void> {
    const asked = this.asked ?? new Map<string, ((row: DeviceBySn | null) => void)[]>();
    const failed = this.askedFailed;
    this.asked = null;
    this.askedFailed = [];
    try {
      const rows = new Map<string, DeviceBySn>();
      for (const part of partsOf([...asked.keys()]))
        for (const row of await this.store.devicesBySn(part)) rows.set(row.sn, row);
      for (const [sn, waiting] of asked) for (const resolve of waiting) resolve(rows.get(sn) ?? null);
    } catch (err) {
      for (const reject of failed) reject(err);
    }
  }

  /** The TAGs of a template at a version: read once, also when many devices ask at the same time. */
  private tagsOf(templateId: number, version: number | null): Promise<Map<string, TagDef>> {
    const kept = this.templates.get(templateId);
    if (kept && kept.version === version) return kept.tags;
    const tags = this.store.templateTags(templateId).then((defs) => new Map(defs.map((t) => [t.name, t])));
    const entry = { version, tags };
    this.templates.delete(templateId);
    this.templates.set(templateId, entry);
    // A failed read is not kept: the next device asks again.
    tags.catch(() => {
      if (this.templates.get(templateId) === entry) this.templates.delete(templateId);
    });
    if (this.templates.size > TEMPLATES_KEPT) {
      const oldest = this.templates.keys().next().value;
      if (oldest !== undefined) this.templates.delete(oldest);
    }
    return tags;
  }
}
