import { idsOrNone } from '../../platform/db';
import { RepoBase, nameTaken, teamCount } from '../../platform/db/repo-base';
import { sql, type Updateable } from 'kysely';
import type { NewTemplateTag, TemplateTable } from '../../platform/db/schema';
import { containsIgnoringCase, pageWindow, type Queryable } from '../../platform/db/sql';

export interface TemplateFilter {
  teamId: number;
  /** Only these templates (null: every template of the team). */
  ids: readonly number[] | null;
  keyword?: string | undefined;
  hmiModel?: string | undefined;
}

/** SQL of templates and their TAG tables. */
export class TemplateRepo extends RepoBase {
  private withCounts(q: Queryable) {
    return q
      .selectFrom('templates')
      .selectAll('templates')
      .select((eb) => [
        eb
          .selectFrom('devices')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('devices.template_id', '=', 'templates.id')
          .as('device_count'),
        eb
          .selectFrom('template_tags')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('template_tags.template_id', '=', 'templates.id')
          .as('tag_count'),
      ]);
  }

  find(teamId: number, id: number, q: Queryable = this.db) {
    return this.withCounts(q)
      .where('templates.team_id', '=', teamId)
      .where('templates.id', '=', id)
      .executeTakeFirst();
  }

  async list(f: TemplateFilter, page: number, pageSize: number) {
    let q = this.withCounts(this.db).where('templates.team_id', '=', f.teamId);
    if (f.ids !== null) q = q.where('templates.id', 'in', idsOrNone(f.ids));
    if (f.keyword) q = q.where(sql`lower(templates.name)`, 'like', containsIgnoringCase(f.keyword));
    if (f.hmiModel) q = q.where('templates.hmi_model', '=', f.hmiModel);
    const { offset, limit } = pageWindow(page, pageSize);
    const [rows, total] = await Promise.all([
      q.orderBy('templates.id', 'desc').offset(offset).limit(limit).execute(),
      this.db
        .selectFrom(q.as('t'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  count(teamId: number, q: Queryable = this.db): Promise<number> {
    return teamCount(q, 'templates', teamId);
  }

  nameTaken(teamId: number, name: string, exceptId: number | null, q: Queryable = this.db): Promise<boolean> {
    return nameTaken(q, 'templates', teamId, name, exceptId);
  }

  /** Names of the team starting with `prefix` (for a unique copy name). */
  async namesLike(teamId: number, prefix: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('templates')
      .select('name')
      .where('team_id', '=', teamId)
      .where('name', 'like', sql<string>`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)} || '%' escape '\\'`)
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  async insert(
    row: {
      team_id: number;
      name: string;
      hmi_model: string;
      firmware: string;
      recipe: string;
      created_at: number;
      version?: number;
    },
    q: Queryable,
  ): Promise<number> {
    const r = await q
      .insertInto('templates')
      .values({ version: 1, ...row, updated_at: row.created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /** Applies `patch` and raises the version by one. */
  async update(
    teamId: number,
    id: number,
    patch: Updateable<TemplateTable>,
    now: number,
    q: Queryable,
  ): Promise<void> {
    await q
      .updateTable('templates')
      .set((eb) => ({ ...patch, version: eb('version', '+', 1), updated_at: now }))
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  async remove(teamId: number, id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('template_tags').where('template_id', '=', id).execute();
    await q.deleteFrom('templates').where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async devicesUsing(templateId: number, q: Queryable = this.db): Promise<number> {
    const r = await q
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', templateId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async modelsUsing(templateId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select('model')
      .distinct()
      .where('template_id', '=', templateId)
      .execute();
    return rows.map((r) => r.model);
  }

  tags(templateId: number, q: Queryable = this.db) {
    return q
      .selectFrom('template_tags')
      .selectAll()
      .where('template_id', '=', templateId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async replaceTags(templateId: number, tags: readonly Omit<NewTemplateTag, 'template_id'>[], q: Queryable) {
    await q.deleteFrom('template_tags').where('template_id', '=', templateId).execute();
    // Chunks keep every statement under SQLite's bound-parameter limit.
    for (let i = 0; i < tags.length; i += 200)
      await q
        .insertInto('template_tags')
        .values(tags.slice(i, i + 200).map((t) => ({ ...t, template_id: templateId })))
        .execute();
  }
}
