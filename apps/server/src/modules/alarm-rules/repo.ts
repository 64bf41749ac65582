import { anyRow, teamRow } from '../../platform/db/rows';
import { RepoBase } from '../../platform/db/repo-base';
import { sql, type Updateable } from 'kysely';
import { idsOrNone } from '../../platform/db';
import type { AlarmRuleTable, NewAlarmRule } from '../../platform/db/schema';
import { containsIgnoringCase, pageWindow, type Queryable } from '../../platform/db/sql';

export interface RuleFilter {
  templateId: number;
  groupId?: number | undefined;
  level?: number | undefined;
  type?: string | undefined;
  enabled?: 0 | 1 | undefined;
  keyword?: string | undefined;
}

/** The columns a rule write sets (everything but ids, team, template and times). */
export type RuleFields = Omit<NewAlarmRule, 'id' | 'team_id' | 'template_id' | 'created_at' | 'updated_at'>;

/** Whether the template has a group or rule named `name` other than `exceptId` (names are per template). */
function templateNameTaken(
  q: Queryable,
  table: 'alarm_groups' | 'alarm_rules',
  templateId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  // Both tables have id, template_id and name; the query is typed on one of them.
  const rows = q.selectFrom(table as 'alarm_groups');
  const named = rows.select('id').where('template_id', '=', templateId).where('name', '=', name);
  return anyRow(exceptId === null ? named : named.where('id', '!=', exceptId));
}

/** SQL of alarm groups and alarm rules. Every query names the template (or the team) it reads. */
export class AlarmRuleRepo extends RepoBase {
  template(teamId: number, id: number, q: Queryable = this.db) {
    return q
      .selectFrom('templates')
      .select(['id', 'team_id', 'name'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async teamOf(templateId: number, q: Queryable): Promise<number> {
    const r = await q
      .selectFrom('templates')
      .select('team_id')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    return r.team_id;
  }

  tags(templateId: number, q: Queryable = this.db) {
    return q
      .selectFrom('template_tags')
      .select(['id', 'name', 'data_type'])
      .where('template_id', '=', templateId)
      .execute();
  }

  groups(templateId: number, q: Queryable = this.db) {
    return q
      .selectFrom('alarm_groups')
      .selectAll('alarm_groups')
      .select((eb) =>
        eb
          .selectFrom('alarm_rules')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('alarm_rules.group_id', '=', 'alarm_groups.id')
          .as('rule_count'),
      )
      .where('alarm_groups.template_id', '=', templateId)
      .orderBy('alarm_groups.id')
      .execute();
  }

  group(teamId: number, id: number, q: Queryable = this.db) {
    return teamRow(q, 'alarm_groups', teamId, id);
  }

  groupInTemplate(templateId: number, id: number, q: Queryable = this.db): Promise<boolean> {
    return anyRow(
      q.selectFrom('alarm_groups').select('id').where('template_id', '=', templateId).where('id', '=', id),
    );
  }

  groupNameTaken(templateId: number, name: string, exceptId: number | null, q: Queryable = this.db) {
    return templateNameTaken(q, 'alarm_groups', templateId, name, exceptId);
  }

  async insertGroup(
    row: { team_id: number; template_id: number; name: string; created_at: number },
    q: Queryable,
  ): Promise<number> {
    const r = await q.insertInto('alarm_groups').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async renameGroup(id: number, name: string, q: Queryable): Promise<void> {
    await q.updateTable('alarm_groups').set({ name }).where('id', '=', id).execute();
  }

  /** Deletes the group; its rules stay, without a group. */
  async deleteGroup(id: number, q: Queryable): Promise<void> {
    await q.updateTable('alarm_rules').set({ group_id: null }).where('group_id', '=', id).execute();
    await q.deleteFrom('alarm_groups').where('id', '=', id).execute();
  }

  /** Rules with their group and TAG names. */
  private withNames(q: Queryable) {
    return q
      .selectFrom('alarm_rules')
      .leftJoin('alarm_groups', 'alarm_groups.id', 'alarm_rules.group_id')
      .leftJoin('template_tags', 'template_tags.id', 'alarm_rules.tag_id')
      .selectAll('alarm_rules')
      .select(['alarm_groups.name as group_name', 'template_tags.name as tag_name']);
  }

  async list(f: RuleFilter, page: number, pageSize: number) {
    let q = this.withNames(this.db).where('alarm_rules.template_id', '=', f.templateId);
    if (f.groupId !== undefined) q = q.where('alarm_rules.group_id', '=', f.groupId);
    if (f.level !== undefined) q = q.where('alarm_rules.level', '=', f.level);
    if (f.type !== undefined) q = q.where('alarm_rules.type', '=', f.type);
    if (f.enabled !== undefined) q = q.where('alarm_rules.enabled', '=', f.enabled);
    if (f.keyword) {
      const pattern = containsIgnoringCase(f.keyword);
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(alarm_rules.name)`, 'like', pattern),
          eb(sql`lower(alarm_rules.content)`, 'like', pattern),
        ]),
      );
    }
    const { offset, limit } = pageWindow(page, pageSize);
    const [rows, total] = await Promise.all([
      q.orderBy('alarm_rules.id').offset(offset).limit(limit).execute(),
      this.db
        .selectFrom(q.as('r'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Every rule of the template, in creation order. */
  all(templateId: number, q: Queryable = this.db) {
    return this.withNames(q)
      .where('alarm_rules.template_id', '=', templateId)
      .orderBy('alarm_rules.id')
      .execute();
  }

  rule(teamId: number, id: number, q: Queryable = this.db) {
    return this.withNames(q)
      .where('alarm_rules.team_id', '=', teamId)
      .where('alarm_rules.id', '=', id)
      .executeTakeFirst();
  }

  async count(templateId: number, q: Queryable = this.db): Promise<number> {
    const r = await q
      .selectFrom('alarm_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', templateId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  nameTaken(templateId: number, name: string, exceptId: number | null, q: Queryable = this.db) {
    return templateNameTaken(q, 'alarm_rules', templateId, name, exceptId);
  }

  async insert(
    row: RuleFields & { team_id: number; template_id: number; created_at: number },
    q: Queryable,
  ): Promise<number> {
    const r = await q
      .insertInto('alarm_rules')
      .values({ ...row, updated_at: row.created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, patch: Updateable<AlarmRuleTable>, q: Queryable): Promise<void> {
    await q.updateTable('alarm_rules').set(patch).where('id', '=', id).execute();
  }

  async remove(id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('alarm_rules').where('id', '=', id).execute();
  }

  /** Ids among `ids` that are rules of the template. */
  async idsOf(templateId: number, ids: readonly number[], q: Queryable): Promise<number[]> {
    const rows = await q
      .selectFrom('alarm_rules')
      .select('id')
      .where('template_id', '=', templateId)
      .where('id', 'in', idsOrNone(ids))
      .execute();
    return rows.map((r) => r.id);
  }

  /** Sets `enabled` on the rules whose state differs; returns how many changed. */
  async setEnabled(templateId: number, ids: readonly number[], enabled: 0 | 1, now: number, q: Queryable) {
    const r = await q
      .updateTable('alarm_rules')
      .set({ enabled, updated_at: now })
      .where('template_id', '=', templateId)
      .where('id', 'in', [...ids])
      .where('enabled', '!=', enabled)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
