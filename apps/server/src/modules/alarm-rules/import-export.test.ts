import {
  exportAlarmRules,
  listAlarmRules,
  listAlarmGroups,
  deleteTemplate,
  importAlarmRules,
  alarmSheetColumns,
  type AlarmRule,
} from '@hmi/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';
import { templateWithTags, workbook } from '../../test/alarm-rules';
import { zipOf } from '../../test/zip';

const header = [...alarmSheetColumns];

/** Every cell of the first sheet as stored (type and value). */
async function cellsOf(base64: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (c) => cells.push([c.type, c.value]));
    out.push(cells);
  });
  return out;
}

/** 300 rules over every type, flag, level, group and 64-bit extremes, as sheet rows. */
function threeHundredRows(): ExcelJS.CellValue[][] {
  const variants: ExcelJS.CellValue[][] = [
    ['', 'minor', 'limit', 'high_high', 'u64', '18446744073709551615', '', '', 'u64 max', 1, '', 0],
    ['Heat', 2, 'limit', 2, 'i64', '-9223372036854775808', '', '', '=SUM(A1)', 1, '1.5', 10],
    ['Heat', 'moderate', 'limit', 'low_low', 'i16', '-5', '', '', '+cmd', 0, '0', 0],
    ['Cold', 'severe', 'limit', 'low', 'dbl', '-1.5e3', '', '', '@x', 1, '2', 3600],
    ['Cold', 'critical', 'deviation', 'large_deviation', 'flt', '', '-50', '5', '-dash', 1, '', 0],
    ['', 16, 'deviation', 32, 'u32', '', '100', '0', 'small', 0, '1e2', 1],
    ['Switch', 'minor', 'onoff', 'on', 'run', '1', '', '', 'on', 1, '', 0],
    ['Switch', 'mild', 'onoff', 'off', 'run', '0', '', '', 'off', 1, '', 0],
  ];
  const rows: ExcelJS.CellValue[][] = [header];
  for (let i = 0; i < 300; i++) {
    const v = variants[i % variants.length] as ExcelJS.CellValue[];
    rows.push([`rule ${String(i).padStart(3, '0')}`, ...v]);
  }
  return rows;
}

describe.each(databases)('alarm rule import and export on $name', (database) => {
  let other: TestAccount;
  let a: Awaited<ReturnType<typeof templateWithTags>>;
  let b: Awaited<ReturnType<typeof templateWithTags>>;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    other = await createMainAccount(ctx.h, 1);
    a = await templateWithTags(ctx.h, ctx.main, 'A');
    b = await templateWithTags(ctx.h, ctx.main, 'B');
  });

  const importInto = (
    templateId: number,
    content: Buffer,
    filename = 'rules.xlsx',
    as: TestAccount = ctx.main,
  ) =>
    api(ctx.h.app, importAlarmRules, {
      params: { id: templateId },
      token: as.token,
      body: { filename, content_base64: content.toString('base64') },
    });
  const exportOf = (templateId: number) =>
    ok(ctx.h, ctx.main, exportAlarmRules, { params: { id: templateId } });
  const allRules = async (templateId: number) => {
    const page = (n: number) =>
      ok(ctx.h, ctx.main, listAlarmRules, { params: { id: templateId }, query: { pageSize: 200, page: n } });
    return [...(await page(1)).list, ...(await page(2)).list];
  };
  const ruleCount = async (templateId: number) =>
    (await ok(ctx.h, ctx.main, listAlarmRules, { params: { id: templateId }, query: { pageSize: 1 } })).total;

  it('imports 300 rules, creating their groups, and exports them back unchanged', async () => {
    const r = await importInto(a.id, await workbook(threeHundredRows()));
    expect(r.body.code).toBe(0);
    expect(r.body.data.refused).toEqual([]);
    expect(r.body.data.created).toHaveLength(300);
    expect(r.body.data.created[0]).toEqual({ row: 2, name: 'rule 000' });
    const rules = await allRules(a.id);
    expect(rules).toHaveLength(300);
    expect(rules[0]).toMatchObject({
      level: 1,
      condition: 1,
      alarm_value: '18446744073709551615',
      condition_content: `{${a.tag('u64')}} >= 18446744073709551615`,
      group_name: null,
    });
    expect(rules[1]).toMatchObject({
      content: '=SUM(A1)',
      group_name: 'Heat',
      deadband: '1.5',
      on_delay_s: 10,
    });
    expect(rules[4]).toMatchObject({ type: 'deviation', target: '-50', deviation: '5', content: '-dash' });
    const groups = await ok(ctx.h, ctx.main, listAlarmGroups, { params: { id: a.id } });
    expect(groups.list.map((g) => g.name).sort()).toEqual(['Cold', 'Heat', 'Switch']);

    const exported = await exportOf(a.id);
    expect(exported).toMatchObject({ filename: 'A_alarm_rules.xlsx', total: 300 });
    const sheet = await cellsOf(exported.content_base64);
    expect(sheet[0]).toEqual(header.map((c) => [ExcelJS.ValueType.String, c]));
    // Text that a spreadsheet would run as a formula is written as quoted text, never as a formula.
    const formulaCells = sheet.flat().filter((c) => (c as [number])[0] === ExcelJS.ValueType.Formula);
    expect(formulaCells).toEqual([]);
    expect(sheet[2]).toContainEqual([ExcelJS.ValueType.String, "'=SUM(A1)"]);
    expect(sheet[3]).toContainEqual([ExcelJS.ValueType.String, "'+cmd"]);
    expect(sheet[1]).toContainEqual([ExcelJS.ValueType.String, '18446744073709551615']);

    const intoB = await importInto(b.id, Buffer.from(exported.content_base64, 'base64'));
    expect([intoB.body.data.created.length, intoB.body.data.refused]).toEqual([300, []]);
    expect(await cellsOf((await exportOf(b.id)).content_base64)).toEqual(sheet);

    const again = await importInto(a.id, Buffer.from(exported.content_base64, 'base64'));
    expect([again.body.data.created, again.body.data.updated.length, again.body.data.refused]).toEqual([
      [],
      300,
      [],
    ]);
    const strip = (r: AlarmRule) => ({ ...r, updated_at: 0 });
    expect((await allRules(a.id)).map(strip)).toEqual(rules.map(strip));
  });

  it('refuses a 301-row file and a file that would take the template past 300 rules (1090), writing nothing', async () => {
    const rows = threeHundredRows();
    rows.push(['rule 300', '', 'minor', 'limit', 'high', 'i32', '1']);
    const many = await importInto(b.id, await workbook(rows));
    expect(many.body).toMatchObject({ code: 1006, data: { field: 'file', issue: 'tooManyRows' } });
    const two = await workbook([
      header,
      ['new 1', '', 1, 'limit', 2, 'i32', '1'],
      ['rule 001', '', 1, 'limit', 2, 'i32', '1'],
    ]);
    const over = await importInto(b.id, two);
    expect(over.body.code).toBe(1090);
    expect((await allRules(b.id)).find((r) => r.name === 'rule 001')?.tag_name).toBe('i64');
    expect(await ruleCount(b.id)).toBe(300);
  });

  it('writes the good rows and refuses each bad one with its reason; a repeated name keeps the first', async () => {
    const t = await templateWithTags(ctx.h, ctx.main, 'Mixed');
    // Each row with the field and issue it is refused for; a row without them is written.
    const cases: [cells: ExcelJS.CellValue[], field?: string, issue?: string][] = [
      [['ok 1', '', 'minor', 'limit', 'high', 'i32', '80']],
      [['ok 1', '', 'minor', 'limit', 'low', 'i32', '10'], 'name', 'alarmNameDuplicate'],
      [['', '', 'minor', 'limit', 'high', 'i32', '80'], 'name', 'required'],
      [['no tag', '', 'minor', 'limit', 'high', 'ghost', '80'], 'tag', 'alarmTagNotFound'],
      [['bad level', '', 'huge', 'limit', 'high', 'i32', '80'], 'level', 'enum'],
      [['bad type', '', 'minor', 'ratio', 'high', 'i32', '80'], 'type', 'enum'],
      [['bad flag', '', 'minor', 'limit', 'on', 'i32', '80'], 'condition', 'enum'],
      [['string tag', '', 'minor', 'limit', 'high', 'txt', '80'], 'tag', 'alarmTagType'],
      [['too big', '', 'minor', 'limit', 'high', 'u16', '65536'], 'alarm_value', 'alarmValueMismatch'],
      [['on with 0', '', 'minor', 'onoff', 'on', 'run', '0'], 'alarm_value', 'alarmOnOffValue'],
      [
        ['bad target', '', 'minor', 'deviation', 'small_deviation', 'i32', '', '1.5', '2'],
        'target',
        'alarmTargetInteger',
      ],
      [['bad enabled', '', 'minor', 'limit', 'high', 'i32', '80', '', '', '', 'maybe'], 'enabled', 'type'],
      [
        ['bad delay', '', 'minor', 'limit', 'high', 'i32', '80', '', '', '', 1, '', 'soon'],
        'on_delay_s',
        'integer',
      ],
      [['ok 2', 'G', 'critical', 'onoff', 'off', 'run', '0']],
    ];
    const r = await importInto(t.id, await workbook([header, ...cases.map(([cells]) => cells)]));
    expect(r.body.code).toBe(0);
    expect(r.body.data.created).toEqual([
      { row: 2, name: 'ok 1' },
      { row: 15, name: 'ok 2' },
    ]);
    // Row numbers are the sheet's: the header is row 1.
    expect(r.body.data.refused).toEqual(
      cases.flatMap(([[name], field, issue], i) => (field ? [{ row: i + 2, name, field, issue }] : [])),
    );
    expect((await allRules(t.id)).map((x) => [x.name, x.condition, x.group_name])).toEqual([
      ['ok 1', 2, null],
      ['ok 2', 256, 'G'],
    ]);
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: t.id } });
  });

  it('ignores unknown headers such as __proto__ and reads formula cells as their saved value', async () => {
    const t = await templateWithTags(ctx.h, ctx.main, 'Proto');
    const rows: ExcelJS.CellValue[][] = [
      [
        '__proto__',
        'NAME',
        'constructor',
        'Level',
        'type',
        'condition',
        'tag',
        'alarm_value',
        'content',
        'prototype',
      ],
      [
        '{"polluted":1}',
        'p1',
        'x',
        'minor',
        'limit',
        'high',
        'i32',
        '5',
        { formula: 'HYPERLINK("http://evil","click")', result: 'click' },
        'y',
      ],
    ];
    const r = await importInto(t.id, await workbook(rows));
    expect(r.body.data.created).toEqual([{ row: 2, name: 'p1' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await allRules(t.id))[0]).toMatchObject({ name: 'p1', content: 'click', alarm_value: '5' });
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: t.id } });
  });

  it('refuses .xls with a clear message, archives that are too large inside, and bytes that are not .xlsx', async () => {
    const before = await ruleCount(b.id);
    const xlsx = await workbook([header, ['x', '', 1, 'limit', 2, 'i32', '1']]);
    const byName = await importInto(b.id, xlsx, 'rules.xls');
    expect(byName.body).toMatchObject({ code: 1006, data: { field: 'file', issue: 'fileFormat' } });
    expect(byName.body.msg).toContain('.xls');
    const ole2 = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    expect((await importInto(b.id, ole2)).body.msg).toContain('.xls');

    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(41 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect((await importInto(b.id, bomb)).body).toMatchObject({
      code: 1006,
      data: { field: 'file', issue: 'fileTooLarge' },
    });
    const crowded = zipOf(
      Array.from({ length: 201 }, (_, i) => ({ name: `f${i}.xml`, data: Buffer.from('x') })),
    );
    expect((await importInto(b.id, crowded)).body).toMatchObject({ data: { issue: 'fileTooLarge' } });
    const notZip = Buffer.from('name,level\nx,1\n');
    expect((await importInto(b.id, notZip, 'rules.csv')).body).toMatchObject({
      data: { issue: 'fileFormat' },
    });
    const huge = Buffer.alloc(2 * 1024 * 1024 + 1, 65);
    expect((await importInto(b.id, huge)).body).toMatchObject({ data: { issue: 'fileTooLarge' } });
    const noName = await workbook([
      ['level', 'type'],
      [1, 'limit'],
    ]);
    expect((await importInto(b.id, noName)).body).toMatchObject({ data: { issue: 'fileFormat' } });
    expect(await ruleCount(b.id)).toBe(before);
  });

  it("refuses another team's template (1029)", async () => {
    const xlsx = await workbook([header, ['x', '', 1, 'limit', 2, 'i32', '1']]);
    expect((await importInto(a.id, xlsx, 'r.xlsx', other)).body.code).toBe(1029);
  });
});
