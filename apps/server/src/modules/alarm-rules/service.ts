import {
  ErrorCode,
  limits,
  validateAlarmRule,
  type AlarmGroup,
  type AlarmRule,
  type AlarmRuleInput,
} from '@hmi/contract';
import type { Transaction } from 'kysely';
import type { Bus, RulesEnded } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { LapseGuard } from '../billing';
import { authorize, type DataPermissionService } from '../data-permissions';
import { endingReason } from './ending';
import { ruleFields, toAlarmGroup, toAlarmRule } from './mapping';
import type { AlarmRuleRepo } from './repo';

export interface RuleQuery {
  page: number;
  pageSize: number;
  group_id?: number | undefined;
  level?: number | undefined;
  type?: string | undefined;
  enabled?: '0' | '1' | undefined;
  keyword?: string | undefined;
}

/**
 * Alarm groups and rules of a template. The template must be visible to the caller (team and data
 * permissions; 1029 otherwise), a rule or group id of another team or of a template the caller cannot
 * see is 1003. Names are unique in the template (1088 rules, 1085 groups), at most 300 rules per
 * template (1090); every rule passes validateAlarmRule against its TAG. Each change is one
 * transaction and announces `alarmRulesChanged` after the commit, naming the rules whose active
 * alarm records end (disabled, changed in what decides the alarm, deleted: the alarm lifecycle in
 * apps/server/README.md); the alarm engine ends them. A template billing put out of
 * service keeps its rules readable, exportable and deletable; creating, changing, enabling and
 * importing them is refused like its other changes (1033, reason `expired`).
 */
export class AlarmRuleService {
  constructor(
    readonly repo: AlarmRuleRepo,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
    private readonly bus: Bus,
    private readonly lapses: LapseGuard,
  ) {}

  now(): number {
    return epochSeconds(this.clock);
  }

  changed(templateId: number, teamId: number, ended: RulesEnded[] = []): void {
    this.bus.emit('alarmRulesChanged', { templateId, teamId, ...(ended.length ? { ended } : {}) });
  }

  /** The template if the caller may see it, otherwise 1029. */
  async template(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const template = authorize(
      scope,
      'template',
      await this.repo.template(scope.teamId, id),
      ErrorCode.ILLEGAL_TEMPLATE_ID,
    );
    return template;
  }

  /** The template if the caller may see it (1029) and billing did not expire it (1033). */
  async changeableTemplate(user: SessionUser, id: number) {
    const template = await this.template(user, id);
    await this.lapses.assertLive(template.team_id, template.id);
    return template;
  }

  /** 1033 when billing expired the template the rule or group belongs to. */
  private assertLive(of: { team_id: number; template_id: number }): Promise<void> {
    return this.lapses.assertLive(of.team_id, of.template_id);
  }

  private async visibleRule(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const rule = await this.repo.rule(scope.teamId, id);
    if (!rule) fail(ErrorCode.NO_DATA);
    authorize(scope, 'template', { id: rule.template_id, team_id: rule.team_id });
    return rule;
  }

  private async visibleGroup(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const group = await this.repo.group(scope.teamId, id);
    if (!group) fail(ErrorCode.NO_DATA);
    authorize(scope, 'template', { id: group.template_id, team_id: group.team_id });
    return group;
  }

  async groups(user: SessionUser, templateId: number): Promise<{ list: AlarmGroup[]; total: number }> {
    await this.template(user, templateId);
    const list = (await this.repo.groups(templateId)).map(toAlarmGroup);
    return { list, total: list.length };
  }

  private async groupOut(templateId: number, id: number): Promise<AlarmGroup> {
    const g = (await this.repo.groups(templateId)).find((x) => x.id === id);
    if (!g) fail(ErrorCode.NO_DATA);
    return toAlarmGroup(g);
  }

  async createGroup(user: SessionUser, templateId: number, name: string): Promise<AlarmGroup> {
    const t = await this.changeableTemplate(user, templateId);
    const id = await this.writeGroup(async (trx) => {
      if (await this.repo.groupNameTaken(templateId, name, null, trx))
        fail(ErrorCode.ALARM_GROUP_NAME_EXISTS);
      return this.repo.insertGroup(
        { team_id: t.team_id, template_id: t.id, name, created_at: this.now() },
        trx,
      );
    });
    return this.groupOut(templateId, id);
  }

  async renameGroup(user: SessionUser, id: number, name: string): Promise<AlarmGroup> {
    const g = await this.visibleGroup(user, id);
    await this.assertLive(g);
    await this.writeGroup(async (trx) => {
      if (await this.repo.groupNameTaken(g.template_id, name, id, trx))
        fail(ErrorCode.ALARM_GROUP_NAME_EXISTS);
      await this.repo.renameGroup(id, name, trx);
      return id;
    });
    return this.groupOut(g.template_id, id);
  }

  private async writeGroup(fn: (trx: Transaction<Database>) => Promise<number>): Promise<number> {
    try {
      return await this.repo.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.ALARM_GROUP_NAME_EXISTS);
      throw err;
    }
  }

  async deleteGroup(user: SessionUser, id: number): Promise<null> {
    const g = await this.visibleGroup(user, id);
    await this.repo.transaction((trx) => this.repo.deleteGroup(id, trx));
    this.changed(g.template_id, g.team_id);
    return null;
  }

  async list(
    user: SessionUser,
    templateId: number,
    q: RuleQuery,
  ): Promise<{ list: AlarmRule[]; total: number }> {
    await this.template(user, templateId);
    const { rows, total } = await this.repo.list(
      {
        templateId,
        groupId: q.group_id,
        level: q.level,
        type: q.type,
        enabled: q.enabled === undefined ? undefined : q.enabled === '1' ? 1 : 0,
        keyword: q.keyword,
      },
      q.page,
      q.pageSize,
    );
    return { list: rows.map(toAlarmRule), total };
  }

  /** Section 5 checks of `input` against the template's TAGs and groups (1006 naming the field). */
  private async check(templateId: number, input: AlarmRuleInput, trx: Transaction<Database>): Promise<void> {
    const tag = (await this.repo.tags(templateId, trx)).find((t) => t.id === input.tag_id);
    const problem = validateAlarmRule(input, tag);
    if (problem) failInput(problem.field, problem.issue);
    if (input.group_id !== null && !(await this.repo.groupInTemplate(templateId, input.group_id, trx)))
      failInput('group_id', 'alarmGroupNotFound');
  }

  private async readRule(user: SessionUser, id: number): Promise<AlarmRule> {
    return toAlarmRule(await this.visibleRule(user, id));
  }

  private async writeRule(fn: (trx: Transaction<Database>) => Promise<number>): Promise<number> {
    try {
      return await this.repo.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.ALARM_NAME_EXISTS);
      throw err;
    }
  }

  async create(user: SessionUser, templateId: number, input: AlarmRuleInput): Promise<AlarmRule> {
    const t = await this.changeableTemplate(user, templateId);
    const id = await this.writeRule(async (trx) => {
      await this.check(templateId, input, trx);
      if (await this.repo.nameTaken(templateId, input.name, null, trx)) fail(ErrorCode.ALARM_NAME_EXISTS);
      if ((await this.repo.count(templateId, trx)) >= limits.alarmRulesMax) fail(ErrorCode.ALARM_RULE_LIMIT);
      return this.repo.insert(
        { ...ruleFields(input), team_id: t.team_id, template_id: t.id, created_at: this.now() },
        trx,
      );
    });
    this.changed(t.id, t.team_id);
    return this.readRule(user, id);
  }

  async update(user: SessionUser, id: number, input: AlarmRuleInput): Promise<AlarmRule> {
    const rule = await this.visibleRule(user, id);
    await this.assertLive(rule);
    const fields = ruleFields(input);
    await this.writeRule(async (trx) => {
      await this.check(rule.template_id, input, trx);
      if (await this.repo.nameTaken(rule.template_id, input.name, id, trx)) fail(ErrorCode.ALARM_NAME_EXISTS);
      await this.repo.update(id, { ...fields, updated_at: this.now() }, trx);
      return id;
    });
    const reason = endingReason(rule, fields);
    this.changed(rule.template_id, rule.team_id, reason ? [{ ruleIds: [id], reason }] : []);
    return this.readRule(user, id);
  }

  async setEnabled(
    user: SessionUser,
    templateId: number,
    ids: readonly number[],
    enabled: boolean,
  ): Promise<{ changed: number }> {
    const t = await this.changeableTemplate(user, templateId);
    const unique = [...new Set(ids)];
    const changed = await this.repo.transaction(async (trx) => {
      if ((await this.repo.idsOf(templateId, unique, trx)).length !== unique.length) fail(ErrorCode.NO_DATA);
      return this.repo.setEnabled(templateId, unique, enabled ? 1 : 0, this.now(), trx);
    });
    this.changed(t.id, t.team_id, enabled ? [] : [{ ruleIds: unique, reason: 'ruleDisabled' }]);
    return { changed };
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    const rule = await this.visibleRule(user, id);
    await this.repo.transaction((trx) => this.repo.remove(id, trx));
    this.changed(rule.template_id, rule.team_id, [{ ruleIds: [id], reason: 'ruleDeleted' }]);
    return null;
  }
}
