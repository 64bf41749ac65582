import {
  HISTORY_EXPORT_PAGE,
  type DeviceFieldStatus,
  type LiveTag,
  type WsDeviceEvent,
  type WsTagValue,
} from '@hmi/contract';
import { failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { sees, authorize, type DataPermissionService } from '../data-permissions';
import type { IngestCounters, IngestStats } from './counters';
import type { FieldReports } from './field-reports';
import { chartBuckets } from './history-chunks';
import { syncEvent } from './device-state';
import type { HistoryStore } from './repo/history-store';
import type { StateStore, TagDef } from './repo/state-store';

/** A device as the registry lists it, with what connectivity needs of it. */
export interface RegistryDevice {
  id: number;
  sn: string;
  name: string;
  team_id: number;
  group_id: number | null;
  online: number;
  template_id: number | null;
  template_version: number | null;
}

/** What connectivity reads of the device registry (the devices module provides it). */
export interface DeviceDirectory {
  find(teamId: number, id: number): Promise<RegistryDevice | undefined>;
  teamDevices(
    teamId: number,
    ids: readonly number[],
  ): Promise<{ id: number; team_id: number; group_id: number | null }[]>;
}

export interface DeviceReadsOptions {
  store: StateStore;
  history: HistoryStore;
  devices: DeviceDirectory;
  perms: DataPermissionService;
  counters: IngestCounters;
  /** Latest values held in memory for a device. */
  memoryValues(deviceId: number): WsTagValue[];
  field: FieldReports;
}

/** What callers may read of devices they see: latest values, history, ingest stats, live snapshots. */
export class DeviceReads {
  constructor(private readonly o: DeviceReadsOptions) {}

  /** The device when the caller may see it; 1003 otherwise. */
  async visible(user: SessionUser, id: number): Promise<RegistryDevice> {
    const scope = await this.o.perms.scope(user);
    const row = authorize(scope, 'device', await this.o.devices.find(scope.teamId, id));
    return row;
  }

  /** Ids among `ids` the caller may see (websocket subscriptions). */
  async visibleIds(user: SessionUser, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const scope = await this.o.perms.scope(user);
    const rows = await this.o.devices.teamDevices(scope.teamId, ids);
    return rows.filter((r) => sees(scope, 'device', r)).map((r) => r.id);
  }

  /**
   * What a new websocket subscriber needs of these devices: latest values held in memory, online
   * state with the time of its last change (the bind time while it never changed) and sync state.
   */
  async snapshot(deviceIds: readonly number[]): Promise<WsDeviceEvent[]> {
    if (!deviceIds.length) return [];
    const events: WsDeviceEvent[] = [];
    for (const d of await this.o.store.deviceStates(deviceIds)) {
      events.push(
        {
          type: 'online',
          device_id: d.id,
          online: d.online,
          at: Number(d.last_online_change ?? d.created_at),
        },
        syncEvent(d),
      );
      const values = this.o.memoryValues(d.id);
      if (values.length) events.push({ type: 'values', device_id: d.id, values });
    }
    return events;
  }

  async tags(user: SessionUser, id: number): Promise<{ list: LiveTag[]; total: number }> {
    const row = await this.visible(user, id);
    if (row.template_id === null) return { list: [], total: 0 };
    const [defs, values, qualities] = await Promise.all([
      this.o.store.templateTags(row.template_id),
      this.o.store.latest(id),
      this.o.store.quality(id),
    ]);
    const byTag = new Map(values.map((v) => [v.tag, v]));
    const badByTag = new Map(qualities.map((q) => [q.tag, q]));
    const list = defs.map((d): LiveTag => {
      const v = byTag.get(d.name);
      const q = badByTag.get(d.name);
      // Bad while its newest bad sample is newer than its last good value.
      const bad = q && (!v || Number(q.ts) > Number(v.ts)) ? q : undefined;
      return {
        id: d.id,
        name: d.name,
        data_type: d.data_type,
        access: d.access,
        save_history: d.save_history === 1,
        description: d.description,
        value: v ? v.value : null,
        ts: v ? Number(v.ts) : null,
        quality: bad ? 'bad' : 'good',
        quality_reason: bad ? bad.reason : null,
        quality_ts: bad ? Number(bad.ts) : null,
      };
    });
    return { list, total: list.length };
  }

  /** The latest value of one TAG of a device (held in memory, else stored); null before any. */
  async latestValue(deviceId: number, tag: string): Promise<string | null> {
    const held = this.o.memoryValues(deviceId).find((v) => v.tag === tag);
    // A TAG bad since its first sample holds no value ('').
    if (held && (held.q === undefined || held.value !== '')) return held.value;
    return (await this.o.store.latest(deviceId)).find((v) => v.tag === tag)?.value ?? null;
  }

  /** The TAG `tagId` of the device's template; 1006 on `field` when it has none such. */
  async tagOf(row: { template_id: number | null }, tagId: number, field: string): Promise<TagDef> {
    const defs = row.template_id === null ? [] : await this.o.store.templateTags(row.template_id);
    return defs.find((d) => d.id === tagId) ?? failInput(field, 'unknownId');
  }

  async history(
    user: SessionUser,
    id: number,
    q: { tag: number; from: number; to: number; buckets: number },
  ) {
    const row = await this.visible(user, id);
    const def = await this.tagOf(row, q.tag, 'tag');
    const { from, bucketMs } = chartBuckets(q.from, q.to, q.buckets, await this.o.history.periodOf(id));
    const numeric = def.data_type !== 9;
    return {
      tag: def.name,
      data_type: def.data_type,
      from: q.from,
      to: q.to,
      bucket_ms: bucketMs,
      points: numeric ? await this.o.history.buckets(id, def.name, from, q.to, bucketMs) : [],
      samples: numeric ? [] : await this.o.history.samples(id, def.name, q.from, q.to, q.buckets),
    };
  }

  /**
   * One page of a TAG's stored points, oldest first (GET /devices/:id/history/export), scoped as the
   * chart's history; 1006 on `cursor` when it lies outside the range.
   */
  async historyExport(
    user: SessionUser,
    id: number,
    q: { tag: number; from: number; to: number; cursor?: string | undefined },
  ) {
    const row = await this.visible(user, id);
    const def = await this.tagOf(row, q.tag, 'tag');
    const [ts, skip] = (q.cursor ?? `${q.from}:0`).split(':').map(Number) as [number, number];
    // A page reads what it skips: more than a few pages of points of one millisecond is no real cursor.
    if (ts < q.from || ts >= q.to || skip > 4 * HISTORY_EXPORT_PAGE) failInput('cursor', 'range');
    const periodMs = await this.o.history.periodOf(id);
    const query = { deviceId: id, tag: def.name, from: q.from, to: q.to, periodMs };
    const page = await this.o.history.exportPage(query, { ts, skip }, HISTORY_EXPORT_PAGE);
    return {
      tag: def.name,
      data_type: def.data_type,
      rows: page.rows,
      next: page.next && `${page.next.ts}:${page.next.skip}`,
    };
  }

  async stats(user: SessionUser, id: number): Promise<IngestStats> {
    const row = await this.visible(user, id);
    return this.o.counters.of(row.sn);
  }

  /** The gateway's field diagnostics (GET /devices/:id/field), scoped as the device. */
  async field(user: SessionUser, id: number): Promise<DeviceFieldStatus> {
    await this.visible(user, id);
    return this.o.field.status(id);
  }
}
