import { ErrorCode, ALARM_IMPORT_MAX_BYTES, limits } from '@hmi/contract';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../platform/db';
import type { RulesEnded } from '../../platform/bus';
import type { Database } from '../../platform/db/schema';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { SheetError } from '../../platform/xlsx';
import { endedByReason, endingReason } from './ending';
import { ruleFields, toAlarmRule } from './mapping';
import type { AlarmRuleService } from './service';
import { sheetRules, type SheetRefusal, type SheetRule } from './sheet-rules';
import { isLegacyXls, readRuleSheet, writeRuleSheet } from './xlsx';

interface ImportRow {
  row: number;
  name: string;
}

export interface ImportResult {
  created: ImportRow[];
  updated: ImportRow[];
  refused: SheetRefusal[];
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function decode(contentBase64: string, filename: string): Buffer {
  if (contentBase64.length > Math.ceil(ALARM_IMPORT_MAX_BYTES / 3) * 4 + 4) failInput('file', 'fileTooLarge');
  if (!BASE64.test(contentBase64)) failInput('file', 'fileFormat');
  const buf = Buffer.from(contentBase64, 'base64');
  if (buf.length > ALARM_IMPORT_MAX_BYTES) failInput('file', 'fileTooLarge');
  if (isLegacyXls(buf, filename))
    fail(
      ErrorCode.INPUT_PARAMETER,
      { field: 'file', issue: 'fileFormat' },
      {
        msg: 'input parameter error: file: .xls (Excel 97-2003) cannot be read; save it as .xlsx and import again',
      },
    );
  return buf;
}

/**
 * Rule import and export as .xlsx (columns of alarmSheetColumns). Import: at most 300 rows; a name
 * the template already has is updated, a new one created, a bad row refused with its reason; missing
 * groups are created; the good rows are written in one transaction, and nothing at all when the
 * template would exceed 300 rules (1090).
 */
export class AlarmRuleTransfer {
  constructor(private readonly rules: AlarmRuleService) {}

  async import(
    user: SessionUser,
    templateId: number,
    filename: string,
    contentBase64: string,
  ): Promise<ImportResult> {
    const t = await this.rules.changeableTemplate(user, templateId);
    const buf = decode(contentBase64, filename);
    let rows;
    try {
      rows = await readRuleSheet(buf);
    } catch (err) {
      if (err instanceof SheetError) failInput('file', err.issue);
      throw err;
    }
    const repo = this.rules.repo;
    const parsed = sheetRules(rows, await repo.tags(templateId));
    let written: { created: ImportRow[]; updated: ImportRow[]; ended: RulesEnded[] };
    try {
      written = await repo.transaction((trx) => this.write(t, parsed.rules, trx));
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.ALARM_NAME_EXISTS);
      throw err;
    }
    if (parsed.rules.length) this.rules.changed(t.id, t.team_id, written.ended);
    return { created: written.created, updated: written.updated, refused: parsed.refused };
  }

  private async write(
    t: { id: number; team_id: number },
    rules: readonly SheetRule[],
    trx: Transaction<Database>,
  ): Promise<{ created: ImportRow[]; updated: ImportRow[]; ended: RulesEnded[] }> {
    const repo = this.rules.repo;
    const existing = new Map((await repo.all(t.id, trx)).map((r) => [r.name, r]));
    const creating = rules.filter((r) => !existing.has(r.input.name)).length;
    if (existing.size + creating > limits.alarmRulesMax) fail(ErrorCode.ALARM_RULE_LIMIT);
    const groups = new Map((await repo.groups(t.id, trx)).map((g) => [g.name, g.id]));
    const now = this.rules.now();
    const created: ImportRow[] = [];
    const updated: ImportRow[] = [];
    // An updated rule disabled or changed in what decides it ends its active alarms (as an edit does).
    const endings: { id: number; reason: RulesEnded['reason'] | null }[] = [];
    for (const r of rules) {
      let groupId: number | null = null;
      if (r.groupName !== '') {
        groupId = groups.get(r.groupName) ?? null;
        if (groupId === null) {
          groupId = await repo.insertGroup(
            { team_id: t.team_id, template_id: t.id, name: r.groupName, created_at: now },
            trx,
          );
          groups.set(r.groupName, groupId);
        }
      }
      const fields = ruleFields({ ...r.input, group_id: groupId });
      const before = existing.get(r.input.name);
      if (before === undefined) {
        await repo.insert({ ...fields, team_id: t.team_id, template_id: t.id, created_at: now }, trx);
        created.push({ row: r.row, name: r.input.name });
      } else {
        await repo.update(before.id, { ...fields, updated_at: now }, trx);
        updated.push({ row: r.row, name: r.input.name });
        endings.push({ id: before.id, reason: endingReason(before, fields) });
      }
    }
    return { created, updated, ended: endedByReason(endings) };
  }

  async export(
    user: SessionUser,
    templateId: number,
  ): Promise<{ filename: string; content_base64: string; total: number }> {
    const t = await this.rules.template(user, templateId);
    const rules = (await this.rules.repo.all(templateId)).map(toAlarmRule);
    const buf = await writeRuleSheet(rules);
    const safe = t.name.replace(/[^\p{L}\p{N}_-]+/gu, '_');
    return {
      filename: `${safe}_alarm_rules.xlsx`,
      content_base64: buf.toString('base64'),
      total: rules.length,
    };
  }
}
