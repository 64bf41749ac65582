import {
  createTemplate,
  putTemplateTags,
  getTemplateTags,
  listAlarmRules,
  type AlarmRule,
} from '@hmi/contract';
import type { TestAccount } from './accounts';
import type { Harness } from './harness';
import { ok } from './registry';

/** One TAG of every data type (bool … string). */
export const everyTypeTags = [
  { name: 'run', data_type: 0 },
  { name: 'u16', data_type: 1 },
  { name: 'u32', data_type: 2 },
  { name: 'u64', data_type: 3 },
  { name: 'i16', data_type: 4 },
  { name: 'i32', data_type: 5 },
  { name: 'i64', data_type: 6 },
  { name: 'flt', data_type: 7 },
  { name: 'dbl', data_type: 8 },
  { name: 'txt', data_type: 9 },
];

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
