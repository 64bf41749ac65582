import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, NewTemplateTag, TemplateTable } from '../../platform/db/schema';
import { likePattern } from '../devices/repo';

type Q = Kysely<Database> | Transaction<Database>;

export interface TemplateFilter {
  teamId: number;
  /** Only these templates (null: every template of the team). */
  ids: readonly number[] | null;
  keyword?: string | undefined;
  hmiModel?: string | undefined;
}

/** SQL of templates and their TAG tables. */
export class TemplateRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private withCounts(q: Q) {
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

  find(teamId: number, id: number, q: Q = this.db) {
    return this.withCounts(q)
      .where('templates.team_id', '=', teamId)
      .where('templates.id', '=', id)
      .executeTakeFirst();
  }

  async list(f: TemplateFilter, page: number, pageSize: number) {
    let q = this.withCounts(this.db).where('templates.team_id', '=', f.teamId);
    if (f.ids !== null) q = q.where('templates.id', 'in', f.ids.length ? [...f.ids] : [-1]);
    if (f.keyword)
      q = q.where(sql`lower(templates.name)`, 'like', sql`${likePattern(f.keyword)} escape '\\'`);
    if (f.hmiModel) q = q.where('templates.hmi_model', '=', f.hmiModel);
    const [rows, total] = await Promise.all([
      q
        .orderBy('templates.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom(q.as('t'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async count(teamId: number, q: Q = this.db): Promise<number> {
    const r = await q
      .selectFrom('templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** template_max_num of the team's main account (1 when none is left). */
  async templateMaxNum(teamId: number, q: Q = this.db): Promise<number> {
    const r = await q
      .selectFrom('users')
      .select('template_max_num')
      .where('team_id', '=', teamId)
      .where('is_main', '=', 1)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return r?.template_max_num ?? 1;
  }

  async nameTaken(teamId: number, name: string, exceptId: number | null, q: Q = this.db): Promise<boolean> {
    let s = q.selectFrom('templates').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== null) s = s.where('id', '!=', exceptId);
    return (await s.executeTakeFirst()) !== undefined;
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
    q: Q,
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
    q: Q,
  ): Promise<void> {
    await q
      .updateTable('templates')
      .set((eb) => ({ ...patch, version: eb('version', '+', 1), updated_at: now }))
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  async remove(teamId: number, id: number, q: Q): Promise<void> {
    await q.deleteFrom('template_tags').where('template_id', '=', id).execute();
    await q.deleteFrom('templates').where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async devicesUsing(templateId: number, q: Q = this.db): Promise<number> {
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

  tags(templateId: number, q: Q = this.db) {
    return q
      .selectFrom('template_tags')
      .selectAll()
      .where('template_id', '=', templateId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async replaceTags(templateId: number, tags: readonly Omit<NewTemplateTag, 'template_id'>[], q: Q) {
    await q.deleteFrom('template_tags').where('template_id', '=', templateId).execute();
    // Chunks keep every statement under SQLite's bound-parameter limit.
    for (let i = 0; i < tags.length; i += 200)
      await q
        .insertInto('template_tags')
        .values(tags.slice(i, i + 200).map((t) => ({ ...t, template_id: templateId })))
        .execute();
  }
}
