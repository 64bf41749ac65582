import {
  alarmSheetColumns,
  AlarmRecordState,
  importAlarmRules,
  createTemplate,
  deleteAlarmRule,
  listAlarms,
  putTemplateTags,
  setAlarmRulesEnabled,
  unbindDevice,
  updateAlarmRule,
  updateDevice,
  type AlarmRecord,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { workbook } from '../../test/alarm-rules';
import { addRule, publisher, recordsOf } from '../../test/alarms';
import { databases } from '../../test/databases';
import { boundDevice, brokerUrl, connect, demoTags } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { AccountSuite, withAccountSuite } from '../../test/suite';

/**
 * The alarm lifecycle when what raised an alarm changes (issue 25, point 2): an active record of a
 * rule disabled, changed in what decides it, or deleted, or of a device given another template,
 * recovers at once with the reason, leaves the active lists, and the rule starts again from normal.
 * A change that does not decide the alarm (its name) leaves it active.
 */
describe.each(databases)('active alarms when their rule or template changes on $name', (database) => {
  const ctx = withAccountSuite(new AccountSuite(), database, 50);
  const clients: MqttClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync()));
  });

  const rule = { name: 'hot', type: 'limit' as const, condition: 2, level: 8, alarm_value: '80' };

  /** A device with a raised alarm of its rule `hot` (temp > 80). */
  async function alarming(tag: string) {
    const device = await boundDevice(ctx.h, ctx.main, `${tag}${database.name}`);
    const tagId = device.tagId('temp');
    const ruleId = await addRule(ctx.h, ctx.main, device.templateId, { ...rule, tag_id: tagId });
    const client = await connect(brokerUrl(ctx.h), { username: device.sn, password: device.secret });
    clients.push(client);
    const pub = publisher(ctx.h, client, device.sn, device.deviceId);
    await pub.send('temp', 90, 10);
    const records = () => recordsOf(ctx.h, ctx.main, device.deviceId);
    expect(await records()).toMatchObject([{ state: AlarmRecordState.ALARM, recovery_at: null }]);
    return { device, tagId, ruleId, pub, records };
  }

  const now = () => Math.floor(ctx.h.clock.now() / 1000);
  const activeOf = async (deviceId: number) =>
    (await ok(ctx.h, ctx.main, listAlarms, { query: { device_id: deviceId, state: AlarmRecordState.ALARM } }))
      .total;
  const endedWith = (reason: AlarmRecord['recovery_reason']) => ({
    state: AlarmRecordState.RECOVERY,
    recovery_at: now(),
    recovery_reason: reason,
    recovery_value: null,
  });

  it('disabling the rule recovers its alarm (ruleDisabled); enabled again it raises anew', async () => {
    const { device, ruleId, pub, records } = await alarming('off');
    await ok(ctx.h, ctx.main, setAlarmRulesEnabled, {
      params: { id: device.templateId },
      body: { ids: [ruleId], enabled: false },
    });
    await ctx.h.app.alarms.engine.idle();
    expect(await records()).toMatchObject([endedWith('ruleDisabled')]);
    expect(await activeOf(device.deviceId)).toBe(0);

    await ok(ctx.h, ctx.main, setAlarmRulesEnabled, {
      params: { id: device.templateId },
      body: { ids: [ruleId], enabled: true },
    });
    await pub.send('temp', 91, 20);
    expect(await records()).toMatchObject([
      { state: AlarmRecordState.ALARM, value: '91', recovery_reason: null },
      endedWith('ruleDisabled'),
    ]);
  });

  it('a new threshold recovers it (ruleChanged); a new name alone leaves it active', async () => {
    const { tagId, ruleId, pub, records } = await alarming('edit');
    const update = (body: object) =>
      ok(ctx.h, ctx.main, updateAlarmRule, {
        params: { id: ruleId },
        body: { ...rule, tag_id: tagId, ...body },
      });
    await update({ name: 'very hot' });
    await ctx.h.app.alarms.engine.idle();
    expect(await records()).toMatchObject([{ state: AlarmRecordState.ALARM, recovery_at: null }]);

    await update({ name: 'very hot', alarm_value: '95' });
    await ctx.h.app.alarms.engine.idle();
    expect(await records()).toMatchObject([endedWith('ruleChanged')]);
    // Judged by the new threshold from normal: 96 raises a new record.
    await pub.send('temp', 96, 20);
    expect(await records()).toMatchObject([
      { state: AlarmRecordState.ALARM, value: '96' },
      endedWith('ruleChanged'),
    ]);
  });

  it('an import that gives the rule a new threshold recovers it (ruleChanged)', async () => {
    const { device, records } = await alarming('imp');
    // name, group, level, type, condition, TAG, value, target, deviation, content, enabled, deadband, on-delay
    const file = await workbook([
      [...alarmSheetColumns],
      ['hot', '', 8, 'limit', 2, 'temp', '95', '', '', '', 1, '', 0],
    ]);
    const imported = await ok(ctx.h, ctx.main, importAlarmRules, {
      params: { id: device.templateId },
      body: { filename: 'rules.xlsx', content_base64: file.toString('base64') },
    });
    expect(imported.updated).toEqual([{ row: 2, name: 'hot' }]);
    await ctx.h.app.alarms.engine.idle();
    expect(await records()).toMatchObject([endedWith('ruleChanged')]);
  });

  it('deleting the rule recovers its alarm (ruleDeleted)', async () => {
    const { device, ruleId, records } = await alarming('del');
    await ok(ctx.h, ctx.main, deleteAlarmRule, { params: { id: ruleId } });
    await ctx.h.app.alarms.engine.idle();
    expect(await records()).toMatchObject([{ ...endedWith('ruleDeleted'), rule_id: null }]);
    expect(await activeOf(device.deviceId)).toBe(0);
  });

  it('another template for the device recovers its alarms (templateChanged)', async () => {
    const { device, records } = await alarming('tpl');
    const other = await ok(ctx.h, ctx.main, createTemplate, {
      body: { name: `T2tpl${database.name}`, hmi_model: 'X10' },
    });
    await ok(ctx.h, ctx.main, putTemplateTags, { params: { id: other.id }, body: { tags: demoTags } });
    await ok(ctx.h, ctx.main, updateDevice, {
      params: { id: device.deviceId },
      body: { template_id: other.id },
    });
    await ctx.h.app.alarms.engine.idle();
    expect(await records()).toMatchObject([endedWith('templateChanged')]);
    expect(await activeOf(device.deviceId)).toBe(0);
  });

  it('the same template given again leaves the alarm active; unbinding removes the records', async () => {
    const { device, records } = await alarming('same');
    await ok(ctx.h, ctx.main, updateDevice, {
      params: { id: device.deviceId },
      body: { template_id: device.templateId },
    });
    await ctx.h.app.alarms.engine.idle();
    expect(await records()).toMatchObject([{ state: AlarmRecordState.ALARM, recovery_at: null }]);
    await ok(ctx.h, ctx.main, unbindDevice, { params: { id: device.deviceId } });
    const left = await ctx.h.app.database.db
      .selectFrom('alarm_records')
      .select('id')
      .where('device_id', '=', device.deviceId)
      .execute();
    expect(left).toEqual([]);
  });
});
