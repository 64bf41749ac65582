import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { DataPermissionService } from '../data-permissions';
import { groupsOf, visibleDevice } from './access';
import type { Entitlements } from './entitlements';
import { lastMonths, monthOf } from './months';
import type { BillingRepo } from './repo';
import { switchIsOn, switchView, turnSwitch, type SwitchState } from './rules';
import { TrafficHold } from './traffic-hold';
import { toAllocation } from './views';

const NEVER_ON: SwitchState = { on_month: null, off_month: null };

export interface DeviceBillingSummary {
  traffic_on: boolean;
  allocation: { tag_count: number; frequency_min: number; ends_at: number } | null;
}

/**
 * Remote Access traffic: charging a device's ledger against the cards (its own allocated cards
 * first, then the team's unallocated ones, earliest expiry first, never overspent), the per-device
 * traffic switch, and usage per month.
 */
export class Traffic {
  constructor(
    private readonly repo: BillingRepo,
    private readonly perms: DataPermissionService,
    private readonly entitlements: Entitlements,
    private readonly clock: Clock,
    readonly enabled: boolean,
    private readonly bus: Bus | null = null,
  ) {}

  private now(): number {
    return epochSeconds(this.clock);
  }

  /** Bytes the device may still use; null when billing is off (unlimited). */
  async remaining(deviceId: number): Promise<number | null> {
    if (!this.enabled) return null;
    const device = await this.repo.findDevice(deviceId);
    if (!device) return 0;
    const cards = await this.repo.traffic.chargeableCards(device.team_id, deviceId, this.now());
    return cards.reduce((n, c) => n + Number(c.traffic_bytes) - Number(c.used_bytes), 0);
  }

  /**
   * Charges up to `bytes` to the device; `charged` is less than asked when its cards run out.
   * Each card is taken from with a conditional update, re-read when a concurrent charge got there
   * first.
   */
  async charge(deviceId: number, bytes: number): Promise<{ charged: number; remaining: number | null }> {
    if (!this.enabled) return { charged: bytes, remaining: null };
    const device = await this.repo.findDevice(deviceId);
    if (!device || bytes <= 0) return { charged: 0, remaining: await this.remaining(deviceId) };
    const now = this.now();
    const month = monthOf(now);
    const charged = await this.repo.transaction(async (trx) => {
      let left = bytes;
      for (const card of await this.repo.traffic.chargeableCards(device.team_id, deviceId, now, trx)) {
        let available = Number(card.traffic_bytes) - Number(card.used_bytes);
        while (left > 0 && available > 0) {
          const take = Math.min(left, available);
          if (await this.repo.traffic.takeFromCard(card.id, take, trx)) {
            await this.repo.traffic.recordCharge(card.id, deviceId, month, take, trx);
            left -= take;
            available -= take;
          } else {
            const fresh = (await this.repo.traffic.chargeableCards(device.team_id, deviceId, now, trx)).find(
              (c) => c.id === card.id,
            );
            available = fresh ? Number(fresh.traffic_bytes) - Number(fresh.used_bytes) : 0;
          }
        }
        if (left === 0) break;
      }
      if (bytes - left > 0)
        await this.repo.traffic.recordUsage(deviceId, device.team_id, month, bytes - left, trx);
      return bytes - left;
    });
    return { charged, remaining: await this.remaining(deviceId) };
  }

  /**
   * Traffic held ahead of use for one relay session (see TrafficHold); unlimited with billing off.
   * A device that is gone holds nothing (team 0 has no cards).
   */
  async hold(deviceId: number): Promise<TrafficHold> {
    if (!this.enabled) return new TrafficHold(this.repo, this.clock, deviceId, null);
    const device = await this.repo.findDevice(deviceId);
    return new TrafficHold(this.repo, this.clock, deviceId, device?.team_id ?? 0);
  }

  /** Whether the relay may carry remote traffic for the device now (switch on, traffic left). */
  async mayUseTraffic(deviceId: number): Promise<boolean> {
    if (!this.enabled) return true;
    const s = (await this.repo.traffic.findSwitch(deviceId)) ?? NEVER_ON;
    return switchIsOn(s, monthOf(this.now())) && ((await this.remaining(deviceId)) ?? 1) > 0;
  }

  /**
   * The device list's billing columns of `deviceIds`: whether remote view is switched on this month
   * (always with billing off) and the current TAG allocation.
   */
  async summaries(deviceIds: readonly number[]): Promise<Map<number, DeviceBillingSummary>> {
    const out = new Map<number, DeviceBillingSummary>();
    if (!deviceIds.length) return out;
    const now = this.now();
    const month = monthOf(now);
    const [switches, allocations] = this.enabled
      ? await Promise.all([
          this.repo.traffic.switches(deviceIds),
          this.repo.currentAllocations(deviceIds, now),
        ])
      : [[], []];
    for (const id of deviceIds) out.set(id, { traffic_on: !this.enabled, allocation: null });
    for (const s of switches) {
      const summary = out.get(s.device_id);
      if (summary) summary.traffic_on = switchIsOn(s, month);
    }
    for (const a of allocations) {
      const summary = out.get(a.device_id);
      if (summary)
        summary.allocation = {
          tag_count: a.tag_count,
          frequency_min: a.frequency_min,
          ends_at: Number(a.ends_at),
        };
    }
    return out;
  }

  async setSwitch(user: SessionUser, deviceId: number, on: boolean) {
    const { device } = await visibleDevice(this.repo, this.perms, user, deviceId);
    const now = this.now();
    const month = monthOf(now);
    const next = turnSwitch((await this.repo.traffic.findSwitch(device.id)) ?? NEVER_ON, on, month);
    if (next === 'locked') failInput('on', 'switchLockedThisMonth');
    await this.repo.traffic.saveSwitch({ device_id: device.id, team_id: device.team_id, ...next }, now);
    if (this.bus)
      audit(this.bus, {
        teamId: user.teamId,
        userId: user.id,
        action: 'trafficSwitched',
        target: device.name,
        detail: { switch: on ? 'on' : 'off' },
      });
    return switchView(next, month);
  }

  async deviceBilling(user: SessionUser, deviceId: number) {
    const { device } = await visibleDevice(this.repo, this.perms, user, deviceId);
    const now = this.now();
    const month = monthOf(now);
    const [allocation, policy, historyTags, sw, usage, remaining] = await Promise.all([
      this.entitlements.currentAllocation(device.id),
      this.entitlements.historyPolicy(device.id),
      this.repo.historyTagCount(device.template_id),
      this.repo.traffic.findSwitch(device.id),
      this.repo.traffic.deviceUsageIn(device.team_id, [device.id], month),
      this.remaining(device.id),
    ]);
    return {
      device_id: device.id,
      billing_enabled: this.enabled,
      allocation: allocation ? toAllocation(allocation, device.name, now) : null,
      history: {
        mode: policy.store,
        tag_count: policy.store === 'limited' ? policy.tag_count : null,
        frequency_min: policy.store === 'limited' ? policy.frequency_min : null,
        history_tags: historyTags,
      },
      traffic_switch: switchView(sw ?? NEVER_ON, month),
      month,
      month_bytes: Number(usage[0]?.bytes ?? 0),
      remaining_bytes: remaining,
    };
  }

  /** Usage per month of one device or of the devices the caller sees, and per device this month. */
  async monthTraffic(user: SessionUser, body: { device_id?: number | undefined; months: number }) {
    let deviceIds: number[] | null;
    if (body.device_id !== undefined) {
      deviceIds = [(await visibleDevice(this.repo, this.perms, user, body.device_id)).device.id];
    } else {
      const groups = groupsOf(await this.perms.scope(user));
      deviceIds = groups === null ? null : await this.repo.teamDeviceIds(user.teamId, groups);
    }
    const month = monthOf(this.now());
    const months = lastMonths(month, body.months);
    const rows = await this.repo.traffic.monthlyUsage(user.teamId, deviceIds, months[0] ?? month);
    const byMonth = new Map(rows.map((r) => [r.month, Number(r.bytes)]));
    const devices = await this.repo.traffic.deviceUsageIn(user.teamId, deviceIds, month);
    return {
      months: months.map((m) => ({ month: m, bytes: byMonth.get(m) ?? 0 })),
      devices: devices.map((d) => ({
        device_id: d.device_id,
        device_name: d.device_name,
        bytes: Number(d.bytes),
      })),
    };
  }
}
