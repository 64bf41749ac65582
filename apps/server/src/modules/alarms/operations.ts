import { ALARM_OOS_MAX_S, ErrorCode, type OutOfService, type TemplateAlarmSettings } from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { authorize, type DataPermissionService } from '../data-permissions';
import type { RecordNames, AlarmOperationsRepo } from './operations-repo';
import type { AlarmRepo } from './repo';

/**
 * Alarm operations: shelving records (who may acknowledge may shelve), rules and devices out of
 * service, a template's offline alarm. Every change is audited; a refusal changes nothing.
 */
export class AlarmOperations {
  constructor(
    private readonly repo: AlarmOperationsRepo,
    private readonly records: AlarmRepo,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {}

  /** Every id must be a record the caller may see (1003 otherwise, nothing changed). */
  private async visible(user: SessionUser, ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const s = await this.perms.scope(user);
    const seen = await this.records.visibleIds(
      { teamId: s.teamId, groupIds: s.all ? null : [...s.groupIds] },
      wanted,
    );
    if (seen.length !== wanted.length) fail(ErrorCode.NO_DATA);
    return wanted;
  }

  private audited(
    user: SessionUser,
    action: 'alarmShelved' | 'alarmUnshelved',
    rows: RecordNames[],
    more = {},
  ) {
    for (const r of rows)
      audit(this.bus, {
        teamId: r.team_id,
        userId: user.id,
        action,
        target: r.rule_name,
        detail: { device: r.device_name, tag: r.tag_name, record: String(r.id), ...more },
      });
  }

  async shelve(user: SessionUser, b: { ids: number[]; minutes: number; reason: string }) {
    const ids = await this.visible(user, b.ids);
    const until = epochSeconds(this.clock) + b.minutes * 60;
    const done = await this.repo.shelve(ids, until, b.reason, user.row.alias_name || user.row.name);
    this.audited(user, 'alarmShelved', done, { minutes: String(b.minutes), reason: b.reason });
    return { shelved: done.length };
  }

  async unshelve(user: SessionUser, b: { ids: number[] }) {
    const ids = await this.visible(user, b.ids);
    const done = await this.repo.unshelve(ids, epochSeconds(this.clock));
    this.audited(user, 'alarmUnshelved', done);
    return { unshelved: done.length };
  }

  /** `until` in the future and at most a year ahead, with a reason; null: back in service. */
  private period(b: OutOfService): { until: number | null; reason: string | null } {
    if (b.until === null) return { until: null, reason: null };
    const now = epochSeconds(this.clock);
    if (b.until <= now || b.until > now + ALARM_OOS_MAX_S || !b.reason) fail(ErrorCode.INPUT_PARAMETER);
    return { until: b.until, reason: b.reason };
  }

  private auditOos(
    user: SessionUser,
    teamId: number,
    target: string,
    p: { until: number | null; reason: string | null },
  ) {
    audit(this.bus, {
      teamId,
      userId: user.id,
      action: 'alarmOutOfService',
      target,
      detail: { until: p.until === null ? '' : String(p.until), reason: p.reason ?? '' },
    });
  }

  async ruleOutOfService(user: SessionUser, id: number, b: OutOfService) {
    const scope = await this.perms.scope(user);
    const rule = await this.repo.rule(scope.teamId, id);
    authorize(scope, 'template', rule && { id: rule.template_id, team_id: scope.teamId });
    if (!rule) return fail(ErrorCode.NO_DATA);
    const p = this.period(b);
    await this.repo.setRuleOos(id, p.until, p.reason);
    // The engine reloads the template's rules; records of a rule going out of service end.
    this.bus.emit('alarmRulesChanged', {
      templateId: rule.template_id,
      teamId: scope.teamId,
      ...(p.until !== null && { ended: [{ ruleIds: [id], reason: 'outOfService' as const }] }),
    });
    this.auditOos(user, scope.teamId, rule.name, p);
    return p;
  }

  async deviceOutOfService(user: SessionUser, id: number, b: OutOfService) {
    const scope = await this.perms.scope(user);
    const device = authorize(
      scope,
      'device',
      await this.repo.device(scope.teamId, id).then((d) => d && { ...d, team_id: scope.teamId }),
    );
    const p = this.period(b);
    await this.repo.setDeviceOos(id, p.until, p.reason);
    this.bus.emit('deviceAlarmsOutOfService', { deviceId: id, teamId: scope.teamId, until: p.until });
    this.auditOos(user, scope.teamId, device.name, p);
    return p;
  }

  private async template(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const t = await this.repo.templateSettings(scope.teamId, id);
    return authorize(scope, 'template', t && { ...t, team_id: scope.teamId });
  }

  async settings(user: SessionUser, id: number): Promise<TemplateAlarmSettings> {
    const t = await this.template(user, id);
    return { offline_alarm_minutes: t.offline_alarm_minutes, offline_alarm_level: t.offline_alarm_level };
  }

  async putSettings(user: SessionUser, id: number, b: TemplateAlarmSettings): Promise<TemplateAlarmSettings> {
    const t = await this.template(user, id);
    await this.repo.putTemplateSettings(id, b.offline_alarm_minutes, b.offline_alarm_level);
    audit(this.bus, {
      teamId: t.team_id,
      userId: user.id,
      action: 'templateEdited',
      target: t.name,
      detail: {
        offline_alarm_minutes: String(b.offline_alarm_minutes),
        offline_alarm_level: String(b.offline_alarm_level),
      },
    });
    return b;
  }
}
