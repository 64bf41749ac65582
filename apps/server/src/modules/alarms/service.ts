import {
  ErrorCode,
  ALARM_EXPORT_MAX,
  AlarmLevel,
  AlarmUrgency,
  DEFAULT_LOCALE,
  urgencyOfLevel,
  type AlarmMessage,
  type AlarmRecord,
  type AlarmSubscription,
  type CallQuery,
  type exportAlarms,
  type listAlarmMessages,
  type listAlarms,
  type Locale,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { pageWindow } from '../../platform/db/sql';
import type { DataPermissionService } from '../data-permissions';
import type { MessageService } from '../message';
import { localTime, writeAlarmSheet } from './export';
import type { AlarmRepo, RecordScope } from './repo';

type RecordRow = Awaited<ReturnType<AlarmRepo['list']>>['rows'][number];
type MessageRow = Awaited<ReturnType<MessageService['alarmList']>>['rows'][number];

const levelsOfUrgency: Record<number, number[]> = {
  [AlarmUrgency.URGENT]: [AlarmLevel.SEVERE, AlarmLevel.CRITICAL],
  [AlarmUrgency.NORMAL]: [AlarmLevel.MODERATE],
  [AlarmUrgency.LOW]: [AlarmLevel.MINOR, AlarmLevel.MILD],
};

const nullableNumber = (v: number | null) => (v === null ? null : Number(v));

// Field by field, not a spread of the row: objects of one shape are built and serialised several
// times faster (a spread of the driver's row was ~8 % of an alarm list request's CPU).
function toRecord(r: RecordRow): AlarmRecord {
  const level = Number(r.level);
  return {
    id: r.id,
    device_id: r.device_id,
    device_name: r.device_name,
    device_sn: r.device_sn,
    template_id: r.template_id,
    rule_id: r.rule_id,
    rule_name: r.rule_name,
    level,
    urgency: urgencyOfLevel(level),
    type: r.type,
    condition: Number(r.condition),
    tag_name: r.tag_name,
    value: r.value,
    recovery_value: r.recovery_value,
    content: r.content,
    state: Number(r.state),
    alarm_at: Number(r.alarm_at),
    response_at: nullableNumber(r.response_at),
    recovery_at: nullableNumber(r.recovery_at),
    recovery_reason: r.recovery_reason,
    responder_id: r.responder_id,
    responder_name: r.responder_name,
    ...(Number(r.late) === 1 ? { late: true as const } : {}),
    kind: r.kind,
    chattering: Number(r.chattering) === 1,
    shelved_until: nullableNumber(r.shelved_until),
    shelve_reason: r.shelve_reason,
    shelved_by: r.shelved_by,
    note: r.note,
    note_by: r.note_by,
  };
}

function toMessage(r: MessageRow): AlarmMessage {
  return {
    id: r.id,
    record_id: Number(r.record_id),
    device_id: r.device_id,
    device_name: r.device_name,
    kind: r.kind,
    rule_name: r.rule_name,
    level: Number(r.level),
    urgency: urgencyOfLevel(Number(r.level)),
    event: r.event === 'recovered' || r.event === 'escalated' ? r.event : 'raised',
    content: r.content,
    state: Number(r.state),
    is_read: Boolean(Number(r.is_read)),
    created_at: Number(r.created_at),
  };
}

const NO_SUBSCRIPTION: Required<AlarmSubscription> = {
  mail: false,
  sms: false,
  min_level: 1,
  escalation: false,
  escalate_after_minutes: 0,
  locale: DEFAULT_LOCALE,
  time_zone: null,
};

/** Alarm records (list, export, acknowledge), the alarm message list and the mail subscription. */
export class AlarmService {
  constructor(
    private readonly repo: AlarmRepo,
    private readonly perms: DataPermissionService,
    private readonly messageCentre: MessageService,
    private readonly clock: Clock,
    /** Where acknowledgements are announced for the audit log. */
    private readonly bus: Bus | null = null,
  ) {}

  /** The caller's team, and for a sub-account the groups whose devices they may see. */
  private async scope(user: SessionUser): Promise<RecordScope> {
    const s = await this.perms.scope(user);
    return { teamId: s.teamId, groupIds: s.all ? null : [...s.groupIds] };
  }

  async list(user: SessionUser, q: CallQuery<typeof listAlarms>) {
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const now = epochSeconds(this.clock);
    const { rows, total } = await this.repo.list(await this.scope(user), q, offset, limit, now);
    return { list: rows.map(toRecord), total };
  }

  async export(user: SessionUser, q: CallQuery<typeof exportAlarms>) {
    const now = epochSeconds(this.clock);
    const { rows, total } = await this.repo.list(await this.scope(user), q, 0, ALARM_EXPORT_MAX, now);
    const buf = await writeAlarmSheet(rows.map(toRecord), q.timezone, q.locale);
    const stamp = localTime(epochSeconds(this.clock), q.timezone).replace(/[-: ]/g, '').slice(0, 12);
    return { filename: `alarm_records_${stamp}.xlsx`, content_base64: buf.toString('base64'), total };
  }

  /** Every id must be a record the caller may see (1003 otherwise, nothing changed). */
  async acknowledge(user: SessionUser, ids: readonly number[], note?: string) {
    const wanted = [...new Set(ids)];
    const visible = await this.repo.visibleIds(await this.scope(user), wanted);
    if (visible.length !== wanted.length) fail(ErrorCode.NO_DATA);
    const name = user.row.alias_name || user.row.name;
    const done = await this.repo.acknowledge(wanted, { id: user.id, name }, epochSeconds(this.clock), note);
    const bus = this.bus;
    if (bus)
      for (const r of done)
        audit(bus, {
          teamId: r.team_id,
          userId: user.id,
          action: 'alarmAcknowledged',
          target: r.rule_name,
          detail: {
            device: r.device_name,
            tag: r.tag_name,
            value: r.value,
            record: String(r.id),
            ...(note ? { note } : {}),
          },
        });
    return { acknowledged: done.length };
  }

  async messages(user: SessionUser, q: CallQuery<typeof listAlarmMessages>) {
    const { groupIds } = await this.scope(user);
    const { rows, total } = await this.messageCentre.alarmList(
      user,
      {
        groupIds,
        isRead: q.is_read === undefined ? undefined : q.is_read === '1' ? 1 : 0,
        levels: q.urgency === undefined ? undefined : (levelsOfUrgency[q.urgency] ?? []),
        start: q.start,
        end: q.end,
      },
      q,
    );
    return { list: rows.map(toMessage), total };
  }

  async subscription(user: SessionUser): Promise<AlarmSubscription> {
    const r = await this.repo.subscription(user.id);
    if (!r) return NO_SUBSCRIPTION;
    return {
      mail: r.mail === 1,
      sms: Number(r.sms) === 1,
      min_level: Number(r.min_level),
      escalation: r.escalation === 1,
      escalate_after_minutes: Number(r.escalate_after_minutes),
      locale: r.locale as Locale,
      time_zone: r.time_zone,
    };
  }

  async putSubscription(user: SessionUser, b: AlarmSubscription): Promise<AlarmSubscription> {
    const before = await this.subscription(user);
    const locale = b.locale ?? before.locale ?? DEFAULT_LOCALE;
    await this.repo.putSubscription({
      user_id: user.id,
      mail: b.mail ? 1 : 0,
      sms: (b.sms ?? before.sms) ? 1 : 0,
      min_level: b.min_level,
      escalation: b.escalation ? 1 : 0,
      escalate_after_minutes: b.escalate_after_minutes,
      locale,
      time_zone: b.time_zone === undefined ? (before.time_zone ?? null) : b.time_zone,
      updated_at: epochSeconds(this.clock),
    });
    return this.subscription(user);
  }
}
