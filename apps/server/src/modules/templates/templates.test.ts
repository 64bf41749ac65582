import ExcelJS from 'exceljs';
import {
  getTemplateTags,
  getUserInfo,
  exportTemplateTags,
  bindDevice,
  updateDevice,
  createTemplate,
  importTemplateTags,
  copyTemplate,
  deleteTemplate,
  getTemplate,
  putTemplateTags,
  updateTemplate,
  type Tag,
  type Template,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, newHardware } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type ApiBody } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';
import { escapeCell, inspectZip, unescapeCell } from '../../platform/xlsx';

/** One TAG of every data type, each with a boundary default value. */
const everyType = [
  { name: 'b', data_type: 0, default_value: '1' },
  { name: 'u16', data_type: 1, default_value: '65535' },
  { name: 'u32', data_type: 2, default_value: '4294967295' },
  { name: 'u64', data_type: 3, default_value: '18446744073709551615' },
  { name: 'i16', data_type: 4, default_value: '-32768' },
  { name: 'i32', data_type: 5, default_value: '-5' },
  { name: 'i64', data_type: 6, default_value: '-9223372036854775808' },
  { name: 'f', data_type: 7, default_value: '-1.5e3' },
  { name: 'd', data_type: 8, default_value: '2.5' },
  {
    name: 's',
    data_type: 9,
    default_value: '=HYPERLINK("x")',
    description: '@cmd',
    access: 2,
    save_history: true,
  },
];

async function sheet(rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('TAGs');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

describe('xlsx helpers', () => {
  it('prefixes formula-like text with a quote and undoes it', () => {
    for (const t of ['=1+1', '+1', '-5', '@x', '\tx'])
      expect([escapeCell(t), unescapeCell(escapeCell(t))]).toEqual([`'${t}`, t]);
    expect(escapeCell('plain')).toBe('plain');
    expect(unescapeCell("'plain")).toBe("'plain");
  });
  it('refuses bytes that are not a zip', () => {
    expect(inspectZip(Buffer.from('not a zip at all, just some text of some length'))).toBeNull();
  });
});

describe.each(databases)('templates and TAG tables on $name', (database) => {
  let tpl: Template;
  const ctx = withAccountSuite(new AccountSuite(), database, 3);

  const putTags = (id: number, body: ApiBody<typeof putTemplateTags>) =>
    api(ctx.h.app, putTemplateTags, { params: { id }, token: ctx.main.token, body });
  const put = (id: number, body: ApiBody<typeof updateTemplate>) =>
    api(ctx.h.app, updateTemplate, { params: { id }, token: ctx.main.token, body });
  const tagsOf = async (id: number) => ok(ctx.h, ctx.main, getTemplateTags, { params: { id } });

  it('creates templates with unique names (1030) up to template_max_num (1033)', async () => {
    tpl = await ok(ctx.h, ctx.main, createTemplate, {
      body: {
        name: 'Boiler',
        hmi_model: 'X10',
        firmware: '1.0',
      },
    });
    expect(tpl).toMatchObject({
      name: 'Boiler',
      hmi_model: 'X10',
      version: 1,
      device_count: 0,
      tag_count: 0,
    });
    expect(
      (
        await api(ctx.h.app, createTemplate, {
          token: ctx.main.token,
          body: { name: 'Boiler', hmi_model: 'X10' },
        })
      ).body.code,
    ).toBe(1030);
    const single = await createMainAccount(ctx.h);
    await ok(ctx.h, single, createTemplate, { body: { name: 'Boiler', hmi_model: 'X10' } });
    const capped = await api(ctx.h.app, createTemplate, {
      token: single.token,
      body: { name: 'Two', hmi_model: 'X10' },
    });
    expect(capped.body).toMatchObject({ code: 1033, data: null });
    const info = await ok(ctx.h, single, getUserInfo);
    expect(info.template_max_num).toBe(1);
    expect(info.template_max_id).toBeGreaterThan(tpl.id);
    expect(info.project_max_id).toBe(0);
  });

  it('replaces the TAG table (one TAG of every type) and raises the version on every change', async () => {
    const r = await ok(ctx.h, ctx.main, putTemplateTags, {
      params: { id: tpl.id },
      body: {
        tags: everyType,
      },
    });
    expect(r).toEqual({ version: 2, total: 10 });
    const t = await tagsOf(tpl.id);
    expect(t.list.map((x) => [x.name, x.data_type, x.default_value])).toEqual(
      everyType.map((x) => [x.name, x.data_type, x.default_value]),
    );
    expect(t.list[9]).toMatchObject({
      access: 2,
      save_history: true,
      description: '@cmd',
      scan_time_ms: 1000,
      sort: 9,
    });
    const edited = await ok(ctx.h, ctx.main, updateTemplate, {
      params: { id: tpl.id },
      body: { recipe: 'r1' },
    });
    expect(edited).toMatchObject({ version: 3, recipe: 'r1', tag_count: 10 });
  });

  it('refuses a bad TAG row naming it, and writes nothing', async () => {
    const bad = [...everyType.slice(0, 3), { name: 'x', data_type: 4, default_value: '32768' }];
    expect((await putTags(tpl.id, { tags: bad })).body).toMatchObject({
      code: 1006,
      data: { field: 'tags.3.default_value', issue: 'tagValueRange' },
    });
    const dup = [everyType[0], { ...everyType[1], name: 'b' }];
    expect(
      (
        await api(ctx.h.app, putTemplateTags, {
          params: { id: tpl.id },
          token: ctx.main.token,
          raw: { body: { tags: dup } },
        })
      ).body,
    ).toMatchObject({
      data: { field: 'tags.1.name', issue: 'tagNameDuplicate' },
    });
    expect(
      (await putTags(tpl.id, { tags: [{ name: 'x', data_type: 1, scan_time_ms: -1 }] })).body,
    ).toMatchObject({
      data: { field: 'tags.0.scan_time_ms', issue: 'range' },
    });
    // HMI scripts address TAGs by name: "1 temp" is no name a script can use.
    expect(
      (
        await api(ctx.h.app, putTemplateTags, {
          params: { id: tpl.id },
          token: ctx.main.token,
          raw: { body: { tags: [{ name: '1 temp', data_type: 1 }] } },
        })
      ).body,
    ).toMatchObject({ code: 1006, data: { field: 'tags.0.name', issue: 'tagNameChars' } });
    const t = await tagsOf(tpl.id);
    expect(t.version).toBe(3);
    expect(t.list).toHaveLength(10);
  });

  it('exports .xlsx with formula-like text quoted; importing it back gives the same table', async () => {
    const exp = await ok(ctx.h, ctx.main, exportTemplateTags, { params: { id: tpl.id } });
    expect(exp.filename).toMatch(/^Boiler_tags_v3\.xlsx$/);
    expect(exp.total).toBe(10);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(exp.content_base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.getRow(1).getCell(1).value).toBe('name');
    expect(ws.getRow(7).getCell(8).value).toBe("'-5");
    expect(ws.getRow(11).getCell(8).value).toBe('\'=HYPERLINK("x")');
    expect(ws.getRow(11).getCell(9).value).toBe("'@cmd");
    const before = (await tagsOf(tpl.id)).list;
    const imp = await ok(ctx.h, ctx.main, importTemplateTags, {
      params: { id: tpl.id },
      body: {
        content_base64: exp.content_base64,
      },
    });
    expect(imp).toEqual({ version: 4, total: 10 });
    const after = (await tagsOf(tpl.id)).list;
    const strip = (t: Tag[]) => t.map(({ id: _id, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
  });

  it('imports hardened: unknown headers such as __proto__ ignored, type names accepted', async () => {
    const content = await sheet([
      ['__proto__', 'Name', 'DATA_TYPE', 'constructor', 'prototype', 'default_value', 'scan_time_ms'],
      ['{"polluted":1}', 'speed', 'int16', 'x', 'y', '-7', 500],
      ['{"polluted":1}', 'on', 0, 'x', 'y', 1, ''],
      [],
    ]);
    const r = await ok(ctx.h, ctx.main, importTemplateTags, {
      params: { id: tpl.id },
      body: {
        content_base64: content,
      },
    });
    expect(r.total).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const t = await tagsOf(tpl.id);
    expect(t.list.map((x) => [x.name, x.data_type, x.default_value, x.scan_time_ms])).toEqual([
      ['speed', 4, '-7', 500],
      ['on', 0, '1', 1000],
    ]);
  });

  it('reports every bad row (row, field, key) in one 1006 and writes nothing', async () => {
    const content = await sheet([
      ['name', 'data_type', 'access', 'default_value', 'scan_time_ms'],
      ['ok', 1, 0, '1', 100],
      ['', 1, 0, '', 100],
      ['big', 3, 0, '18446744073709551616', 100],
      ['ok', 9, 7, '', 'fast'],
    ]);
    const r = await api(ctx.h.app, importTemplateTags, {
      params: { id: tpl.id },
      token: ctx.main.token,
      body: { content_base64: content },
    });
    expect(r.body).toMatchObject({ code: 1006, data: { field: 'file', issue: 'fileRows' } });
    expect((r.body.data as unknown as { rows: unknown[] }).rows).toEqual([
      { row: 3, field: 'name', issue: 'required' },
      { row: 4, field: 'default_value', issue: 'tagValueRange' },
      { row: 5, field: 'access', issue: 'enum' },
      { row: 5, field: 'scan_time_ms', issue: 'type' },
    ]);
    const dup = await sheet([
      ['name', 'data_type'],
      ['a', 1],
      ['a', 2],
    ]);
    const d = await api(ctx.h.app, importTemplateTags, {
      params: { id: tpl.id },
      token: ctx.main.token,
      body: { content_base64: dup },
    });
    expect((d.body.data as unknown as { rows: unknown[] }).rows).toEqual([
      { row: 3, field: 'name', issue: 'tagNameDuplicate' },
    ]);
    expect((await tagsOf(tpl.id)).list.map((x) => x.name)).toEqual(['speed', 'on']);
  });

  it('refuses files over 2,000 rows, over 2 MB, and bytes that are not .xlsx', async () => {
    const rows: unknown[][] = [['name', 'data_type']];
    for (let i = 0; i < 2001; i++) rows.push([`t${i}`, 1]);
    const many = await api(ctx.h.app, importTemplateTags, {
      params: { id: tpl.id },
      token: ctx.main.token,
      body: { content_base64: await sheet(rows) },
    });
    expect(many.body).toMatchObject({ code: 1006, data: { field: 'file', issue: 'tooManyRows' } });
    const huge = Buffer.alloc(2 * 1024 * 1024 + 1, 65).toString('base64');
    const big = await api(ctx.h.app, importTemplateTags, {
      params: { id: tpl.id },
      token: ctx.main.token,
      body: { content_base64: huge },
    });
    expect(big.body).toMatchObject({ code: 1006, data: { field: 'file', issue: 'fileTooLarge' } });
    const junk = Buffer.from('PK this is not really a workbook').toString('base64');
    const bad = await api(ctx.h.app, importTemplateTags, {
      params: { id: tpl.id },
      token: ctx.main.token,
      body: { content_base64: junk },
    });
    expect(bad.body).toMatchObject({ code: 1006, data: { field: 'file', issue: 'fileFormat' } });
    expect((await tagsOf(tpl.id)).list).toHaveLength(2);
  });

  it('copies as <name>_copy (then _copy2) with its TAGs; the cap applies (1033)', async () => {
    const c1 = await ok(ctx.h, ctx.main, copyTemplate, { params: { id: tpl.id }, body: {} });
    expect(c1).toMatchObject({ name: 'Boiler_copy', hmi_model: 'X10', tag_count: 2, version: 1 });
    const c2 = await ok(ctx.h, ctx.main, copyTemplate, { params: { id: c1.id }, body: {} });
    expect(c2.name).toBe('Boiler_copy_copy');
    expect(
      (await api(ctx.h.app, copyTemplate, { params: { id: tpl.id }, token: ctx.main.token, body: {} })).body
        .code,
    ).toBe(1033);
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: c2.id } });
    const c3 = await ok(ctx.h, ctx.main, copyTemplate, { params: { id: tpl.id }, body: {} });
    expect(c3.name).toBe('Boiler_copy2');
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: c3.id } });
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: c1.id } });
  });

  it('counts devices; refuses delete while devices use it (1037) and a model change they do not match (1042)', async () => {
    const hw = await newHardware(ctx.h, 'X10');
    const dev = await ok(ctx.h, ctx.main, bindDevice, {
      body: {
        sn: hw.sn,
        pin: hw.pin,
        name: 'Boil1',
        template_id: tpl.id,
      },
    });
    expect((await ok(ctx.h, ctx.main, getTemplate, { params: { id: tpl.id } })).device_count).toBe(1);
    expect(
      (await api(ctx.h.app, deleteTemplate, { params: { id: tpl.id }, token: ctx.main.token })).body,
    ).toMatchObject({ code: 1037 });
    expect((await put(tpl.id, { hmi_model: 'X20' })).body.code).toBe(1042);
    expect((await put(tpl.id, { hmi_model: 'X10', name: 'Boiler' })).body.code).toBe(0);
    await ok(ctx.h, ctx.main, updateDevice, { params: { id: dev.id }, body: { template_id: null } });
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: tpl.id } });
    expect(
      (await api(ctx.h.app, getTemplate, { params: { id: tpl.id }, token: ctx.main.token })).body.code,
    ).toBe(1003);
    const rows = await ctx.h.app.database.db
      .selectFrom('template_tags')
      .selectAll()
      .where('template_id', '=', tpl.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('checks the field address grammar on save and import: 1006 naming the row and field, nothing written', async () => {
    // The earlier tests' template is gone with its devices.
    const addressed = await ok(ctx.h, ctx.main, createTemplate, {
      body: { name: 'Field', hmi_model: 'X10' },
    });
    const before = await tagsOf(addressed.id);
    const good = {
      setpoint: { name: 'sp', data_type: 7, access: 2, address_type: 'plc1:4x', address: '100@CDAB' },
      input: { name: 'run', data_type: 0, access: 0, address_type: 'plc1:1x', address: '7' },
      bit: { name: 'bit', data_type: 0, access: 2, address_type: 'plc1:4x', address: '10.3' },
      text: { name: 'txt', data_type: 9, access: 0, address_type: 'plc1:3x', address: '20#8' },
      node: { name: 'ua', data_type: 8, access: 0, address_type: 'opc1:node', address: 'ns=2;s=Line1.Temp' },
      local: { name: 'sim', data_type: 1 },
    };
    const refused: [ApiBody<typeof putTemplateTags>['tags'][number], string, string][] = [
      [{ ...good.setpoint, address_type: 'plc1:3x' }, 'address_type', 'addressReadOnlyArea'],
      [{ ...good.setpoint, address: '65535' }, 'address', 'addressRange'],
      [{ ...good.bit, address: '10.16' }, 'address', 'addressBit'],
      [{ ...good.text, address: '20' }, 'address', 'addressCount'],
      [{ ...good.setpoint, address: '100@ABCE' }, 'address', 'addressOrder'],
      [{ ...good.setpoint, address_type: '1plc:4x' }, 'address_type', 'addressConnection'],
      [{ ...good.setpoint, address_type: 'plc1:5x' }, 'address_type', 'addressArea'],
      [{ ...good.input, data_type: 1 }, 'address_type', 'addressDataType'],
      [{ ...good.node, address: 'Line1.Temp' }, 'address', 'addressNodeId'],
    ];
    for (const [row, field, issue] of refused)
      expect((await putTags(addressed.id, { tags: [good.local, row] })).body, issue).toMatchObject({
        code: 1006,
        data: { field: `tags.1.${field}`, issue },
      });

    const columns = ['name', 'data_type', 'access', 'address_type', 'address'];
    const content = await sheet([
      columns,
      columns.map((c) => good.setpoint[c as keyof typeof good.setpoint]),
      ['w', 0, 2, 'plc1:1x', '3'],
      ['s', 9, 0, 'plc1:4x', '5#200'],
    ]);
    const r = await api(ctx.h.app, importTemplateTags, {
      params: { id: addressed.id },
      token: ctx.main.token,
      body: { content_base64: content },
    });
    expect((r.body.data as unknown as { rows: unknown[] }).rows).toEqual([
      { row: 3, field: 'address_type', issue: 'addressReadOnlyArea' },
      { row: 4, field: 'address', issue: 'addressCount' },
    ]);
    expect(await tagsOf(addressed.id)).toEqual(before);

    await ok(ctx.h, ctx.main, putTemplateTags, {
      params: { id: addressed.id },
      body: { tags: Object.values(good) },
    });
    expect((await tagsOf(addressed.id)).list.map((t) => `${t.address_type} ${t.address}`)).toEqual([
      'plc1:4x 100@CDAB',
      'plc1:1x 7',
      'plc1:4x 10.3',
      'plc1:3x 20#8',
      'opc1:node ns=2;s=Line1.Temp',
      ' ',
    ]);
  });
});
