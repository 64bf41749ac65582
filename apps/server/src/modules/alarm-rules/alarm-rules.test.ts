import {
  deleteTemplate,
  getTemplateTags,
  copyTemplate,
  createAlarmRule,
  exportAlarmRules,
  listAlarmGroups,
  listAlarmRules,
  setAlarmRulesEnabled,
  createAlarmGroup,
  updateAlarmGroup,
  deleteAlarmGroup,
  updateAlarmRule,
  deleteAlarmRule,
  putTemplateTags,
  Permission,
  type AlarmRule,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type ApiBody } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';
import { everyTypeTags, rulesOf, templateWithTags } from '../../test/alarm-rules';

describe.each(databases)('alarm rules on $name', (database) => {
  let other: TestAccount;
  let tpl: Awaited<ReturnType<typeof templateWithTags>>;
  let otherTpl: Awaited<ReturnType<typeof templateWithTags>>;
  const events: { templateId: number; teamId: number }[] = [];
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    other = await createMainAccount(ctx.h, 1);
    tpl = await templateWithTags(ctx.h, ctx.main, 'Boiler');
    otherTpl = await templateWithTags(ctx.h, other, 'Foreign');
    ctx.h.app.connectivity.bus.on('alarmRulesChanged', (e) => events.push(e));
  });

  const limitRule = (
    over: Partial<ApiBody<typeof createAlarmRule>> = {},
  ): ApiBody<typeof createAlarmRule> => ({
    name: 'Too hot',
    level: 8,
    type: 'limit',
    condition: 2,
    tag_id: tpl.tag('i32'),
    alarm_value: '80',
    ...over,
  });
  const post = (templateId: number, body: ApiBody<typeof createAlarmRule>, as: TestAccount = ctx.main) =>
    api(ctx.h.app, createAlarmRule, { params: { id: templateId }, token: as.token, body });
  const countRules = async () =>
    Number(
      (
        await ctx.h.app.database.db
          .selectFrom('alarm_rules')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('template_id', '=', tpl.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates limit, deviation and on/off rules stored in their condition form, and announces them', async () => {
    events.length = 0;
    const limit = await ok(ctx.h, ctx.main, createAlarmRule, {
      params: { id: tpl.id },
      body: {
        ...limitRule(),
        target: '7',
        deadband: '2',
        on_delay_s: 5,
        content: 'Boiler too hot',
      },
    });
    expect(limit).toMatchObject({
      template_id: tpl.id,
      group_id: null,
      group_name: null,
      name: 'Too hot',
      level: 8,
      type: 'limit',
      condition: 2,
      tag_id: tpl.tag('i32'),
      tag_name: 'i32',
      alarm_value: '80',
      target: '',
      deviation: '',
      condition_content: `{${tpl.tag('i32')}} > 80`,
      content: 'Boiler too hot',
      enabled: true,
      deadband: '2',
      on_delay_s: 5,
    });
    const dev = await ok(ctx.h, ctx.main, createAlarmRule, {
      params: { id: tpl.id },
      body: {
        name: 'Drift',
        level: 2,
        type: 'deviation',
        condition: 16,
        tag_id: tpl.tag('flt'),
        alarm_value: '9',
        target: '50',
        deviation: '5',
      },
    });
    expect(dev).toMatchObject({ alarm_value: '', condition_content: `abs({${tpl.tag('flt')}} - 50) > 5` });
    const on = await ok(ctx.h, ctx.main, createAlarmRule, {
      params: { id: tpl.id },
      body: {
        name: 'Running',
        level: 1,
        type: 'onoff',
        condition: 128,
        tag_id: tpl.tag('run'),
        alarm_value: '1',
        enabled: false,
      },
    });
    expect(on).toMatchObject({ condition_content: `{${tpl.tag('run')}} == 1`, enabled: false, deadband: '' });
    const u64 = await ok(ctx.h, ctx.main, createAlarmRule, {
      params: { id: tpl.id },
      body: {
        ...limitRule({
          name: 'Counter',
          condition: 1,
          tag_id: tpl.tag('u64'),
          alarm_value: '18446744073709551615',
        }),
      },
    });
    expect(u64.condition_content).toBe(`{${tpl.tag('u64')}} >= 18446744073709551615`);
    expect(events).toEqual(Array(4).fill({ templateId: tpl.id, teamId: ctx.main.teamId }));
    expect((await rulesOf(ctx.h, ctx.main, tpl.id)).map((r) => r.name)).toEqual([
      'Too hot',
      'Drift',
      'Running',
      'Counter',
    ]);
  });

  const onoff = { type: 'onoff', tag: 'run' };
  const deviation = { type: 'deviation', condition: 32 };
  const mismatch = 'alarmValueMismatch';

  it.each([
    ['a TAG of another template', { tag_id: 0 }, 'tag_id', 'alarmTagNotFound'],
    ['a string TAG on a limit rule', { tag: 'txt' }, 'tag_id', 'alarmTagType'],
    ['a bool TAG on a limit rule', { tag: 'run', alarm_value: '1' }, 'tag_id', 'alarmTagType'],
    [
      'an int TAG on an on/off rule',
      { type: 'onoff', condition: 128, alarm_value: '1' },
      'tag_id',
      'alarmTagType',
    ],
    ['a value out of uint16', { tag: 'u16', alarm_value: '65536' }, 'alarm_value', mismatch],
    ['2^64 on uint64', { tag: 'u64', alarm_value: '18446744073709551616' }, 'alarm_value', mismatch],
    ['int64 below its minimum', { tag: 'i64', alarm_value: '-9223372036854775809' }, 'alarm_value', mismatch],
    ['a decimal on an integer TAG', { alarm_value: '1.5' }, 'alarm_value', mismatch],
    ['an empty alarm value', { alarm_value: '' }, 'alarm_value', 'required'],
    ['an on alarm with 0', { ...onoff, condition: 128, alarm_value: '0' }, 'alarm_value', 'alarmOnOffValue'],
    ['an off alarm with 1', { ...onoff, condition: 256, alarm_value: '1' }, 'alarm_value', 'alarmOnOffValue'],
    ['a decimal target', { ...deviation, target: '1.5', deviation: '1' }, 'target', 'alarmTargetInteger'],
    [
      'a decimal deviation',
      { ...deviation, target: '1', deviation: '0.5' },
      'deviation',
      'alarmDeviationInteger',
    ],
    ['an empty target', { ...deviation, deviation: '1' }, 'target', 'required'],
    ['a negative deadband', { deadband: '-1' }, 'deadband', 'alarmDeadband'],
    ['a condition of another type', { condition: 16 }, 'condition', 'enum'],
    ['a level outside the table', { level: 3 }, 'level', 'enum'],
    ['an empty name', { name: '' }, 'name', 'required'],
    ['an on-delay over an hour', { on_delay_s: 3601 }, 'on_delay_s', 'range'],
  ])('refuses %s with 1006 naming the field and writes nothing', async (_, over, field, issue) => {
    const before = await countRules();
    const { tag, ...rest } = over as { tag?: string } & Record<string, unknown>;
    const body = { ...limitRule({ name: 'Bad', ...(tag ? { tag_id: tpl.tag(tag) } : {}) }), ...rest };
    if (body.tag_id === 0) body.tag_id = otherTpl.tag('i32');
    const r = await api(ctx.h.app, createAlarmRule, {
      params: { id: tpl.id },
      token: ctx.main.token,
      raw: { body },
    });
    expect(r.body).toMatchObject({ code: 1006, data: { field, issue } });
    expect(await countRules()).toBe(before);
  });

  it('groups: unique names (1085), rules filed in them, deletion keeps the rules ungrouped', async () => {
    const g = await ok(ctx.h, ctx.main, createAlarmGroup, { params: { id: tpl.id }, body: { name: 'Heat' } });
    expect(g).toMatchObject({ template_id: tpl.id, name: 'Heat', rule_count: 0 });
    const again = await api(ctx.h.app, createAlarmGroup, {
      params: { id: tpl.id },
      token: ctx.main.token,
      body: { name: 'Heat' },
    });
    expect(again.body.code).toBe(1085);
    const g2 = await ok(ctx.h, ctx.main, createAlarmGroup, {
      params: { id: tpl.id },
      body: {
        name: 'Cold',
      },
    });
    const rename = await api(ctx.h.app, updateAlarmGroup, {
      params: { id: g2.id },
      token: ctx.main.token,
      body: { name: 'Heat' },
    });
    expect(rename.body.code).toBe(1085);
    expect(
      await ok(ctx.h, ctx.main, updateAlarmGroup, { params: { id: g2.id }, body: { name: 'Chill' } }),
    ).toMatchObject({
      name: 'Chill',
    });
    // The same group name is fine in another template.
    await ok(ctx.h, other, createAlarmGroup, { params: { id: otherTpl.id }, body: { name: 'Heat' } });

    const r = await ok(ctx.h, ctx.main, createAlarmRule, {
      params: { id: tpl.id },
      body: {
        ...limitRule({ name: 'Grouped', group_id: g.id }),
      },
    });
    expect(r).toMatchObject({ group_id: g.id, group_name: 'Heat' });
    const groups = await ok(ctx.h, ctx.main, listAlarmGroups, { params: { id: tpl.id } });
    expect(groups.list.map((x) => [x.name, x.rule_count])).toEqual([
      ['Heat', 1],
      ['Chill', 0],
    ]);
    const foreignGroup = await ok(ctx.h, other, listAlarmGroups, { params: { id: otherTpl.id } });
    const misfiled = await post(tpl.id, limitRule({ name: 'Misfiled', group_id: foreignGroup.list[0]?.id }));
    expect(misfiled.body).toMatchObject({
      code: 1006,
      data: { field: 'group_id', issue: 'alarmGroupNotFound' },
    });

    await ok(ctx.h, ctx.main, deleteAlarmGroup, { params: { id: g.id } });
    const after = (await rulesOf(ctx.h, ctx.main, tpl.id)).find((x) => x.id === r.id);
    expect(after).toMatchObject({ group_id: null, group_name: null });
    expect(
      (await api(ctx.h.app, deleteAlarmGroup, { params: { id: g.id }, token: ctx.main.token })).body.code,
    ).toBe(1003);
  });

  it('refuses a name the template already has (1088) on create and update; other templates may reuse it', async () => {
    expect((await post(tpl.id, limitRule())).body.code).toBe(1088);
    const rules = await rulesOf(ctx.h, ctx.main, tpl.id);
    const drift = rules.find((r) => r.name === 'Drift') as AlarmRule;
    const rename = await api(ctx.h.app, updateAlarmRule, {
      params: { id: drift.id },
      token: ctx.main.token,
      body: limitRule({ name: 'Too hot' }),
    });
    expect(rename.body.code).toBe(1088);
    expect((await post(otherTpl.id, limitRule({ tag_id: otherTpl.tag('i32') }), other)).body.code).toBe(0);
  });

  it('updates a rule, rewriting its condition; refuses an invalid change leaving the rule as it was', async () => {
    const rule = (await rulesOf(ctx.h, ctx.main, tpl.id)).find((r) => r.name === 'Too hot') as AlarmRule;
    const changed = await ok(ctx.h, ctx.main, updateAlarmRule, {
      params: { id: rule.id },
      body: {
        ...limitRule({
          name: 'Too hot',
          condition: 8,
          tag_id: tpl.tag('dbl'),
          alarm_value: '-1.5e3',
          deadband: '0.5',
          content: 'Boiler too cold',
        }),
      },
    });
    expect(changed).toMatchObject({
      condition: 8,
      tag_name: 'dbl',
      alarm_value: '-1.5e3',
      condition_content: `{${tpl.tag('dbl')}} < -1500`,
      deadband: '0.5',
    });
    const bad = await api(ctx.h.app, updateAlarmRule, {
      params: { id: rule.id },
      token: ctx.main.token,
      body: limitRule({ name: 'Too hot', tag_id: tpl.tag('txt') }),
    });
    expect(bad.body).toMatchObject({ code: 1006, data: { field: 'tag_id', issue: 'alarmTagType' } });
    expect((await rulesOf(ctx.h, ctx.main, tpl.id)).find((r) => r.id === rule.id)).toEqual(changed);
  });

  it('lists with filters by group, level, type, state and keyword (name or content)', async () => {
    const list = (q: string) =>
      ok(ctx.h, ctx.main, listAlarmRules, { params: { id: tpl.id }, raw: { query: q } });
    expect((await list('type=deviation')).list.map((r) => r.name)).toEqual(['Drift']);
    expect((await list('level=1')).list.map((r) => r.name)).toEqual(['Running']);
    expect((await list('enabled=0')).list.map((r) => r.name)).toEqual(['Running']);
    expect((await list('keyword=BOILER')).list.map((r) => r.name)).toEqual(['Too hot']);
    expect((await list('keyword=rif')).list.map((r) => r.name)).toEqual(['Drift']);
    expect((await list('keyword=%25')).total).toBe(0);
    const page = await list('page=2&pageSize=2');
    expect(page.total).toBe((await rulesOf(ctx.h, ctx.main, tpl.id)).length);
    expect(page.list).toHaveLength(2);
    const g = await ok(ctx.h, ctx.main, createAlarmGroup, {
      params: { id: tpl.id },
      body: {
        name: 'Filter',
      },
    });
    const drift = (await list('type=deviation')).list[0] as AlarmRule;
    const { id, template_id, group_name, tag_name, condition_content, created_at, updated_at, ...input } =
      drift;
    void [id, template_id, group_name, tag_name, condition_content, created_at, updated_at];
    await ok(ctx.h, ctx.main, updateAlarmRule, {
      params: { id: drift.id },
      body: { ...input, group_id: g.id },
    });
    expect((await list(`group_id=${g.id}`)).list.map((r) => r.name)).toEqual(['Drift']);
  });

  it('enables and disables in one step; an id of another template changes nothing (1003)', async () => {
    const rules = await rulesOf(ctx.h, ctx.main, tpl.id);
    const ids = rules.map((r) => r.id);
    const foreign = ((await rulesOf(ctx.h, other, otherTpl.id))[0] as AlarmRule).id;
    const bad = await api(ctx.h.app, setAlarmRulesEnabled, {
      params: { id: tpl.id },
      token: ctx.main.token,
      body: { ids: [...ids, foreign], enabled: false },
    });
    expect(bad.body.code).toBe(1003);
    expect((await rulesOf(ctx.h, ctx.main, tpl.id)).map((r) => r.enabled)).toEqual(
      rules.map((r) => r.enabled),
    );
    const off = await ok(ctx.h, ctx.main, setAlarmRulesEnabled, {
      params: { id: tpl.id },
      body: { ids, enabled: false },
    });
    expect(off.changed).toBe(rules.filter((r) => r.enabled).length);
    expect((await rulesOf(ctx.h, ctx.main, tpl.id)).every((r) => !r.enabled)).toBe(true);
    expect(
      (
        await ok(ctx.h, ctx.main, setAlarmRulesEnabled, {
          params: { id: tpl.id },
          body: { ids: [ids[0] ?? 0, ids[0] ?? 0], enabled: true },
        })
      ).changed,
    ).toBe(1);
  });

  it('hides another team: its template is 1029, its rules and groups 1003', async () => {
    const foreignRule = (await rulesOf(ctx.h, other, otherTpl.id))[0] as AlarmRule;
    const as = { token: ctx.main.token };
    for (const def of [listAlarmRules, listAlarmGroups, exportAlarmRules])
      expect((await api(ctx.h.app, def, { params: { id: otherTpl.id }, ...as })).body.code, def.path).toBe(
        1029,
      );
    expect(
      (await post(otherTpl.id, limitRule({ name: 'Intruder', tag_id: otherTpl.tag('i32') }))).body.code,
    ).toBe(1029);
    const put = await api(ctx.h.app, updateAlarmRule, {
      params: { id: foreignRule.id },
      ...as,
      body: limitRule({ name: 'Hijack', tag_id: otherTpl.tag('i32') }),
    });
    expect(put.body.code).toBe(1003);
    expect((await api(ctx.h.app, deleteAlarmRule, { params: { id: foreignRule.id }, ...as })).body.code).toBe(
      1003,
    );
    expect((await rulesOf(ctx.h, other, otherTpl.id))[0]).toEqual(foreignRule);
  });

  it('needs permission 8 to read and 11 to change, and a data permission on the template (1029)', async () => {
    const viewer = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.TEMPLATE_VIEW]);
    const editor = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.TEMPLATE_EDIT]);
    const both = await createSubAccount(ctx.h, ctx.main.teamId, [
      Permission.TEMPLATE_VIEW,
      Permission.TEMPLATE_EDIT,
    ]);
    await grant(ctx.h, viewer.userId, 'template', [tpl.id]);
    await grant(ctx.h, editor.userId, 'template', [tpl.id]);
    const rule = (await rulesOf(ctx.h, ctx.main, tpl.id))[0] as AlarmRule;
    const params = { id: tpl.id };

    expect((await api(ctx.h.app, listAlarmRules, { params, token: viewer.token })).body.code).toBe(0);
    expect((await post(tpl.id, limitRule({ name: 'Viewer' }), viewer)).body.code).toBe(1002);
    expect(
      (await api(ctx.h.app, deleteAlarmRule, { params: { id: rule.id }, token: viewer.token })).body.code,
    ).toBe(1002);
    expect((await api(ctx.h.app, listAlarmRules, { params, token: editor.token })).body.code).toBe(1002);
    expect((await api(ctx.h.app, exportAlarmRules, { params, token: editor.token })).body.code).toBe(1002);

    expect((await api(ctx.h.app, listAlarmRules, { params, token: both.token })).body.code).toBe(1029);
    expect((await post(tpl.id, limitRule({ name: 'Both' }), both)).body.code).toBe(1029);
    expect(
      (await api(ctx.h.app, deleteAlarmRule, { params: { id: rule.id }, token: both.token })).body.code,
    ).toBe(1003);
    await grant(ctx.h, both.userId, 'template', [tpl.id]);
    expect((await post(tpl.id, limitRule({ name: 'Both' }), both)).body.code).toBe(0);
  });

  it('refuses the 301st rule of a template (1090)', async () => {
    const t = await templateWithTags(ctx.h, ctx.main, 'Full');
    const now = Math.floor(ctx.h.clock.now() / 1000);
    const rows = Array.from({ length: 299 }, (_, i) => ({
      team_id: ctx.main.teamId,
      template_id: t.id,
      name: `r${i}`,
      level: 1,
      type: 'limit',
      condition: 2,
      tag_id: t.tag('i32'),
      condition_content: `{${t.tag('i32')}} > ${i}`,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await ctx.h.app.database.db
        .insertInto('alarm_rules')
        .values(rows.slice(i, i + 100))
        .execute();
    expect((await post(t.id, limitRule({ name: 'r299', tag_id: t.tag('i32') }))).body.code).toBe(0);
    const full = await post(t.id, limitRule({ name: 'r300', tag_id: t.tag('i32') }));
    expect(full.body.code).toBe(1090);
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: t.id } });
  });

  it('keeps rules on their TAGs when the TAG table is replaced; refuses removing or retyping a used TAG', async () => {
    const before = await rulesOf(ctx.h, ctx.main, tpl.id);
    const reordered = [{ name: 'extra', data_type: 5 }, ...[...everyTypeTags].reverse()];
    const putTags = (tags: typeof reordered) =>
      api(ctx.h.app, putTemplateTags, { params: { id: tpl.id }, token: ctx.main.token, body: { tags } });
    await ok(ctx.h, ctx.main, putTemplateTags, { params: { id: tpl.id }, body: { tags: reordered } });
    const tags = await ok(ctx.h, ctx.main, getTemplateTags, { params: { id: tpl.id } });
    const idOf = new Map(tags.list.map((t) => [t.name, t.id]));
    const after = await rulesOf(ctx.h, ctx.main, tpl.id);
    expect(after.map((r) => r.tag_name)).toEqual(before.map((r) => r.tag_name));
    for (const r of after) {
      expect(r.tag_id).toBe(idOf.get(r.tag_name));
      expect(r.condition_content).toContain(`{${r.tag_id}}`);
    }

    events.length = 0;
    const withoutI32 = reordered.filter((t) => t.name !== 'i32');
    expect((await putTags(withoutI32)).body).toMatchObject({
      code: 1006,
      data: {
        field: 'tags',
        issue: 'alarmTagInUse',
        rules: [
          { name: 'Grouped', tag: 'i32' },
          { name: 'Both', tag: 'i32' },
        ],
      },
    });
    const retyped = reordered.map((t) => (t.name === 'run' ? { ...t, data_type: 5 } : t));
    expect((await putTags(retyped)).body).toMatchObject({
      code: 1006,
      data: { issue: 'alarmTagInUse', rules: [{ name: 'Running', tag: 'run' }] },
    });
    expect(events).toEqual([]);
    const unchanged = await ok(ctx.h, ctx.main, getTemplateTags, { params: { id: tpl.id } });
    expect(unchanged.list).toEqual(tags.list);
    expect(await rulesOf(ctx.h, ctx.main, tpl.id)).toEqual(after);

    const widened = reordered.map((t) => (t.name === 'flt' ? { ...t, data_type: 8 } : t));
    await ok(ctx.h, ctx.main, putTemplateTags, { params: { id: tpl.id }, body: { tags: widened } });
    expect(events).toEqual([{ templateId: tpl.id, teamId: ctx.main.teamId }]);
  });

  it('copies groups and rules with the template, onto the copy’s TAGs; deleting a template deletes them', async () => {
    await ok(ctx.h, ctx.main, createAlarmGroup, { params: { id: tpl.id }, body: { name: 'Copied' } });
    const original = await rulesOf(ctx.h, ctx.main, tpl.id);
    const copy = await ok(ctx.h, ctx.main, copyTemplate, { params: { id: tpl.id }, body: {} });
    const copied = await rulesOf(ctx.h, ctx.main, copy.id);
    const copyTags = await ok(ctx.h, ctx.main, getTemplateTags, { params: { id: copy.id } });
    const idOf = new Map(copyTags.list.map((t) => [t.name, t.id]));
    const strip = (r: AlarmRule) => {
      const { id, template_id, group_id, tag_id, condition_content, created_at, updated_at, ...rest } = r;
      void [id, template_id, group_id, tag_id, condition_content, created_at, updated_at];
      return rest;
    };
    expect(copied.map(strip)).toEqual(original.map(strip));
    for (const r of copied) {
      expect(r.template_id).toBe(copy.id);
      expect(r.tag_id).toBe(idOf.get(r.tag_name));
      expect(r.condition_content).toContain(`{${r.tag_id}}`);
    }
    const groups = await ok(ctx.h, ctx.main, listAlarmGroups, { params: { id: copy.id } });
    expect(groups.list.map((g) => g.name)).toEqual(
      (await ok(ctx.h, ctx.main, listAlarmGroups, { params: { id: tpl.id } })).list.map((g) => g.name),
    );
    const filed = copied.find((r) => r.group_id !== null);
    expect(groups.list.map((g) => g.id)).toContain(filed?.group_id);

    events.length = 0;
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: copy.id } });
    expect(events).toEqual([{ templateId: copy.id, teamId: ctx.main.teamId }]);
    const db = ctx.h.app.database.db;
    expect(
      await db.selectFrom('alarm_rules').select('id').where('template_id', '=', copy.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('alarm_groups').select('id').where('template_id', '=', copy.id).execute(),
    ).toEqual([]);
    expect(await rulesOf(ctx.h, ctx.main, tpl.id)).toEqual(original);
  });

  it('deletes a rule (1003 afterwards)', async () => {
    const rule = (await rulesOf(ctx.h, ctx.main, tpl.id))[0] as AlarmRule;
    await ok(ctx.h, ctx.main, deleteAlarmRule, { params: { id: rule.id } });
    expect(
      (await api(ctx.h.app, deleteAlarmRule, { params: { id: rule.id }, token: ctx.main.token })).body.code,
    ).toBe(1003);
    expect((await rulesOf(ctx.h, ctx.main, tpl.id)).map((r) => r.id)).not.toContain(rule.id);
  });
});
