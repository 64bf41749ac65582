import {
  createTemplate,
  putTemplateTags,
  getTemplateTags,
  listAlarmRules,
  type AlarmRule,
} from '@hmi/contract';
import ExcelJS from 'exceljs';
import type { TestAccount } from './accounts';
import type { Harness } from './harness';
import { ok } from './registry';

/** One TAG of every data type (bool … string), in data type order: `run` is 0, `txt` 9. */
export const everyTypeTags = ['run', 'u16', 'u32', 'u64', 'i16', 'i32', 'i64', 'flt', 'dbl', 'txt'].map(
  (name, data_type) => ({ name, data_type }),
);

/** A template with everyTypeTags; returns its id and TAG ids by name. */
export async function templateWithTags(
  h: Harness,
  account: TestAccount,
  name: string,
): Promise<{ id: number; tag: (name: string) => number }> {
  const t = await ok(h, account, createTemplate, { body: { name, hmi_model: 'X10' } });
  await ok(h, account, putTemplateTags, { params: { id: t.id }, body: { tags: everyTypeTags } });
  const tags = await ok(h, account, getTemplateTags, { params: { id: t.id } });
  const ids = new Map(tags.list.map((x) => [x.name, x.id]));
  return {
    id: t.id,
    tag: (n) => {
      const id = ids.get(n);
      if (id === undefined) throw new Error(`no TAG ${n}`);
      return id;
    },
  };
}

/** Rules of a template as the list call returns them (first 200). */
export async function rulesOf(h: Harness, account: TestAccount, templateId: number): Promise<AlarmRule[]> {
  const r = await ok(h, account, listAlarmRules, { params: { id: templateId }, query: { pageSize: 200 } });
  return r.list;
}

/** An .xlsx of one sheet holding `rows` (a rule import's file). */
export async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Rules');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
