import {
  ErrorCode,
  TAG_IMPORT_MAX_BYTES,
  tagInput,
  fieldsOf,
  tag,
  tagInputOf,
  TEMPLATE_NAME_MAX,
  type Tag,
  type TagImportErrors,
  type TagInput,
  type CallBody,
  type CallQuery,
  type createTemplate,
  type listTemplates,
  type updateTemplate,
  type Template,
  type AuditAction,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db';
import type { Transaction } from 'kysely';
import type { Database, TemplateTagRow } from '../../platform/db/schema';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { LapseGuard } from '../billing';
import { authorize, type DataPermissionService, type Scope } from '../data-permissions';
import type { TemplateRepo } from './repo';
import { SheetError } from '../../platform/xlsx';
import { readTagSheet, writeTagSheet } from './xlsx';

type TemplateWithCounts = NonNullable<Awaited<ReturnType<TemplateRepo['find']>>>;

/** At most this many row errors are reported for one import. */
export const IMPORT_ERRORS_MAX = 100;

function toTemplate(r: TemplateWithCounts, expired: ReadonlySet<number>): Template {
  return {
    id: r.id,
    name: r.name,
    hmi_model: r.hmi_model,
    version: r.version,
    firmware: r.firmware,
    recipe: r.recipe,
    device_count: Number(r.device_count ?? 0),
    tag_count: Number(r.tag_count ?? 0),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    expired: expired.has(r.id),
  };
}

const tagFields = fieldsOf(tag);

/** A TAG as the API shows it (not its template's id); the flag is stored as 0 or 1. */
function toTag(t: TemplateTagRow): Tag {
  return { ...tagFields(t), save_history: t.save_history === 1 };
}

function tagRows(tags: readonly TagInput[]) {
  return tags.map((t, sort) => ({ ...t, save_history: t.save_history ? 1 : 0, sort }));
}

/** What depends on a template's TAGs (alarm rules) follows its changes through these. */
export interface TemplateHooks {
  /** Inside the transaction that replaced the TAG table (new ids); throwing refuses the change. */
  tagsReplaced(
    trx: Transaction<Database>,
    templateId: number,
    before: readonly TemplateTagRow[],
    after: readonly TemplateTagRow[],
  ): Promise<void>;
  /** Inside the transaction that created `toId` as a copy of `fromId` (its TAGs already copied). */
  copied(trx: Transaction<Database>, fromId: number, toId: number): Promise<void>;
  /** After the commit of any of the above, or of the template's deletion. */
  changed(templateId: number, teamId: number): void;
}

/**
 * Templates and their TAG tables. Names unique in the team (1030); the number of templates is capped
 * by billing's template allowance (1033), and a template billing put out of service is read-only
 * (1033); every change raises the version.
 */
export class TemplateService {
  constructor(
    private readonly repo: TemplateRepo,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
    private readonly lapses: LapseGuard,
    private readonly hooks: TemplateHooks | null = null,
    /** Where template changes are announced for the audit log. */
    private readonly bus: Bus | null = null,
  ) {}

  private audited(user: SessionUser, action: AuditAction, name: string, detail: Record<string, string> = {}) {
    if (this.bus) audit(this.bus, { teamId: user.teamId, userId: user.id, action, target: name, detail });
  }

  private now(): number {
    return epochSeconds(this.clock);
  }

  private async visible(user: SessionUser, id: number): Promise<{ scope: Scope; row: TemplateWithCounts }> {
    const scope = await this.perms.scope(user);
    const row = authorize(scope, 'template', await this.repo.find(scope.teamId, id));
    return { scope, row };
  }

  /** A template the caller may change: visible and in service (1033 when billing expired it). */
  private async changeable(user: SessionUser, id: number) {
    const v = await this.visible(user, id);
    await this.lapses.assertLive(v.scope.teamId, id);
    return v;
  }

  /** Whether billing put the team's template out of service (devices cannot be bound to it). */
  isExpired(teamId: number, id: number): Promise<boolean> {
    return this.lapses.isExpired(teamId, id);
  }

  /** A template of the team with its counts (other modules check references with it). */
  find(teamId: number, id: number) {
    return this.repo.find(teamId, id);
  }

  async list(
    user: SessionUser,
    q: CallQuery<typeof listTemplates>,
  ): Promise<{ list: Template[]; total: number }> {
    const scope = await this.perms.scope(user);
    const { rows, total } = await this.repo.list(
      {
        teamId: scope.teamId,
        ids: scope.templateIds ? [...scope.templateIds] : null,
        keyword: q.keyword,
        hmiModel: q.hmi_model,
      },
      q.page,
      q.pageSize,
    );
    const expired = await this.lapses.expiredIds(scope.teamId);
    return { list: rows.map((r) => toTemplate(r, expired)), total };
  }

  async get(user: SessionUser, id: number): Promise<Template> {
    const { scope, row } = await this.visible(user, id);
    return toTemplate(row, await this.lapses.expiredIds(scope.teamId));
  }

  /** Inserts a template (cap and name checked in the same transaction); grants it to a sub-account. */
  private async insert(
    user: SessionUser,
    scope: Scope,
    fields: { name: string; hmi_model: string; firmware: string; recipe: string },
    tags: readonly TagInput[] | null,
    copyOf: number | null = null,
  ): Promise<number> {
    const allowance = await this.lapses.allowance(scope.teamId);
    try {
      return await this.repo.transaction(async (trx) => {
        this.lapses.assertRoom(await this.repo.count(scope.teamId, trx), allowance);
        if (await this.repo.nameTaken(scope.teamId, fields.name, null, trx))
          fail(ErrorCode.TEMPLATE_NAME_EXISTS);
        const id = await this.repo.insert({ team_id: scope.teamId, ...fields, created_at: this.now() }, trx);
        if (tags) await this.repo.replaceTags(id, tagRows(tags), trx);
        if (copyOf !== null) await this.hooks?.copied(trx, copyOf, id);
        if (!scope.all) await this.perms.grant(user.id, 'template', id, trx);
        return id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.TEMPLATE_NAME_EXISTS);
      throw err;
    }
  }

  async create(user: SessionUser, body: CallBody<typeof createTemplate>): Promise<Template> {
    const scope = await this.perms.scope(user);
    const id = await this.insert(user, scope, body, null);
    this.audited(user, 'templateAdded', body.name, { model: body.hmi_model });
    return this.get(user, id);
  }

  async update(user: SessionUser, id: number, body: CallBody<typeof updateTemplate>): Promise<Template> {
    const { scope, row } = await this.changeable(user, id);
    const patch: { name?: string; hmi_model?: string; firmware?: string; recipe?: string } = {};
    for (const k of ['name', 'hmi_model', 'firmware', 'recipe'] as const) {
      const v = body[k];
      if (v !== undefined && v !== row[k]) patch[k] = v;
    }
    if (!Object.keys(patch).length) return toTemplate(row, new Set());
    if (patch.name !== undefined && (await this.repo.nameTaken(scope.teamId, patch.name, id)))
      fail(ErrorCode.TEMPLATE_NAME_EXISTS);
    if (patch.hmi_model !== undefined) {
      const models = await this.repo.modelsUsing(id);
      if (models.some((m) => m !== patch.hmi_model)) fail(ErrorCode.TEMPLATE_TYPE_MISMATCH);
    }
    try {
      await this.repo.transaction((trx) => this.repo.update(scope.teamId, id, patch, this.now(), trx));
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.TEMPLATE_NAME_EXISTS);
      throw err;
    }
    this.audited(user, 'templateEdited', patch.name ?? row.name, { fields: Object.keys(patch).join(',') });
    return this.get(user, id);
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    const { scope, row } = await this.visible(user, id);
    await this.repo.transaction(async (trx) => {
      if ((await this.repo.devicesUsing(id, trx)) > 0) fail(ErrorCode.TEMPLATE_HAS_DEVICES);
      await this.repo.remove(scope.teamId, id, trx);
      await this.perms.revokeObject('template', [id], trx);
    });
    this.hooks?.changed(id, scope.teamId);
    this.audited(user, 'templateDeleted', row.name);
    return null;
  }

  /** `<name>_copy`, then `<name>_copy2`, `_copy3`… (the base shortened so the name fits). */
  private async copyName(teamId: number, name: string): Promise<string> {
    const base = name.slice(0, TEMPLATE_NAME_MAX - '_copy'.length - 4);
    const taken = await this.repo.namesLike(teamId, `${base}_copy`);
    for (let n = 1; ; n++) {
      const candidate = `${base}_copy${n === 1 ? '' : n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  async copy(user: SessionUser, id: number, name: string | undefined): Promise<Template> {
    const { scope, row } = await this.changeable(user, id);
    const tags = (await this.repo.tags(id)).map((t) => tagInputOf(toTag(t)));

    const newName = name ?? (await this.copyName(scope.teamId, row.name));
    const copyId = await this.insert(
      user,
      scope,
      { name: newName, hmi_model: row.hmi_model, firmware: row.firmware, recipe: row.recipe },
      tags,
      id,
    );
    this.hooks?.changed(copyId, scope.teamId);
    this.audited(user, 'templateAdded', newName, { copyOf: row.name });
    return this.get(user, copyId);
  }

  async tags(user: SessionUser, id: number): Promise<{ list: Tag[]; total: number; version: number }> {
    const { row } = await this.visible(user, id);
    const list = (await this.repo.tags(id)).map(toTag);
    return { list, total: list.length, version: row.version };
  }

  /** Replaces the TAG table and raises the version, in one transaction. */
  async putTags(
    user: SessionUser,
    id: number,
    tags: readonly TagInput[],
  ): Promise<{ version: number; total: number }> {
    const { scope, row } = await this.changeable(user, id);
    await this.repo.transaction(async (trx) => {
      const before = this.hooks ? await this.repo.tags(id, trx) : [];
      await this.repo.replaceTags(id, tagRows(tags), trx);
      if (this.hooks) await this.hooks.tagsReplaced(trx, id, before, await this.repo.tags(id, trx));
      await this.repo.update(scope.teamId, id, {}, this.now(), trx);
    });
    this.hooks?.changed(id, scope.teamId);
    this.audited(user, 'templateEdited', row.name, { tags: String(tags.length) });
    const after = await this.repo.find(scope.teamId, id);
    return { version: after?.version ?? 0, total: tags.length };
  }

  async importTags(
    user: SessionUser,
    id: number,
    contentBase64: string,
  ): Promise<{ version: number; total: number }> {
    await this.changeable(user, id);
    if (contentBase64.length > Math.ceil(TAG_IMPORT_MAX_BYTES / 3) * 4 + 4) failInput('file', 'fileTooLarge');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(contentBase64)) failInput('file', 'fileFormat');
    const buf = Buffer.from(contentBase64, 'base64');
    if (buf.length > TAG_IMPORT_MAX_BYTES) failInput('file', 'fileTooLarge');
    let rows;
    try {
      rows = await readTagSheet(buf);
    } catch (err) {
      if (err instanceof SheetError) failInput('file', err.issue);
      throw err;
    }
    const errors: TagImportErrors['rows'] = [];
    const tags: TagInput[] = [];
    const seen = new Map<string, number>();
    for (const r of rows) {
      const parsed = tagInput.safeParse(r.values);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          errors.push({ row: r.row, field: String(issue.path[0] ?? 'row'), issue: issue.message });
        continue;
      }
      if (seen.has(parsed.data.name)) errors.push({ row: r.row, field: 'name', issue: 'tagNameDuplicate' });
      seen.set(parsed.data.name, r.row);
      tags.push(parsed.data);
    }
    if (errors.length) {
      const data: TagImportErrors = {
        field: 'file',
        issue: 'fileRows',
        rows: errors.slice(0, IMPORT_ERRORS_MAX),
      };
      fail(ErrorCode.INPUT_PARAMETER, data, { msg: 'input parameter error: file' });
    }
    return this.putTags(user, id, tags);
  }

  async exportTags(
    user: SessionUser,
    id: number,
  ): Promise<{ filename: string; content_base64: string; total: number }> {
    const { row } = await this.visible(user, id);
    const tags = (await this.repo.tags(id)).map(toTag);
    const buf = await writeTagSheet(tags);
    const safe = row.name.replace(/[^\p{L}\p{N}_-]+/gu, '_');
    return {
      filename: `${safe}_tags_v${row.version}.xlsx`,
      content_base64: buf.toString('base64'),
      total: tags.length,
    };
  }
}
