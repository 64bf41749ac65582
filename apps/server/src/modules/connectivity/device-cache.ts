import type { DeviceBySn, StateStore, TagDef } from './repo/state-store';

/** Registry rows are re-read after this long (template edits reach ingest within it). */
const DEVICE_CACHE_MS = 5000;

export interface CachedDevice {
  device: DeviceBySn | null;
  tags: Map<string, TagDef>;
  loadedAt: number;
}

/** The registry as ingest sees it, by SN: the device (null when unbound) and its template's TAGs. */
export class DeviceCache {
  private readonly cache = new Map<string, CachedDevice>();

  constructor(private readonly store: StateStore) {}

  async get(sn: string): Promise<CachedDevice> {
    const hit = this.cache.get(sn);
    const now = Date.now();
    if (hit && now - hit.loadedAt < DEVICE_CACHE_MS) return hit;
    const device = (await this.store.deviceBySn(sn)) ?? null;
    const tags = new Map<string, TagDef>();
    if (device?.template_id != null)
      for (const t of await this.store.templateTags(device.template_id)) tags.set(t.name, t);
    const entry = { device, tags, loadedAt: now };
    this.cache.set(sn, entry);
    return entry;
  }

  /** The next `get` reads the registry again (bound, unbound, template changed). */
  forget(sn: string): void {
    this.cache.delete(sn);
  }
}
