import { describe, expect, it } from 'vitest';
import { createMainAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { restartApp } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { addRule, publisher, recordsOf, T0 } from '../../test/alarms';

describe.each(databases)('alarms across a restart on $name', (database) => {
  const h = useHarness(database);

  it('reloads active alarms instead of raising them again; a clearing value recovers the old record', async () => {
    const main = await createMainAccount(h, 50);
    const device = await boundDevice(h, main, `restart${database.name}`);
    await addRule(h, main, device.templateId, {
      name: 'hot',
      tag_id: device.tagId('temp'),
      alarm_value: '80',
    });
    await addRule(h, main, device.templateId, {
      name: 'slow',
      tag_id: device.tagId('speed'),
      condition: 8,
      alarm_value: '10',
    });
    const alarmMessages = async () =>
      (await h.app.database.db.selectFrom('messages').select('id').where('kind', '=', 'alarm').execute())
        .length;
    const before = await connect(brokerUrl(h), { username: device.sn, password: device.secret });
    const first = publisher(h, before, device.sn, device.deviceId);
    await first.send('speed', 5, 0);
    await first.send('temp', 90, 1);
    const [raised, slow] = await recordsOf(h, main, device.deviceId);
    expect(raised).toMatchObject({ rule_name: 'hot', state: 1, value: '90' });
    expect(slow).toMatchObject({ rule_name: 'slow', state: 1, value: '5' });
    expect(await alarmMessages()).toBe(2);
    await before.endAsync();

    await restartApp(h);
    const after = await connect(brokerUrl(h), { username: device.sn, password: device.secret });
    const second = publisher(h, after, device.sn, device.deviceId, first.seq);
    // Only a reloaded alarm recovers when a clearing value is the first sample after the restart.
    await second.send('speed', 50, 10);
    expect(await recordsOf(h, main, device.deviceId)).toMatchObject([
      { id: raised?.id, state: 1 },
      { id: slow?.id, state: 4, recovery_at: T0 / 1000 + 10, recovery_value: '50' },
    ]);
    // Still alarming: no new record, no second "raised" message (only the recovery above was added).
    await second.send('temp', 95, 20);
    expect(await recordsOf(h, main, device.deviceId)).toHaveLength(2);
    expect(await alarmMessages()).toBe(3);
    await second.send('temp', 70, 30);
    expect(await recordsOf(h, main, device.deviceId)).toMatchObject([
      { id: raised?.id, state: 4, value: '90', recovery_at: T0 / 1000 + 30, recovery_value: '70' },
      { id: slow?.id, state: 4 },
    ]);
    await after.endAsync();
  });

  it('at start, ends the records a rule disabled behind its back left active', async () => {
    const main = await createMainAccount(h, 50);
    const device = await boundDevice(h, main, `sweep${database.name}`);
    const ruleId = await addRule(h, main, device.templateId, {
      name: 'hot',
      tag_id: device.tagId('temp'),
      alarm_value: '80',
    });
    const client = await connect(brokerUrl(h), { username: device.sn, password: device.secret });
    await publisher(h, client, device.sn, device.deviceId).send('temp', 90, 1);
    await client.endAsync();
    // A direct SQL edit (or a process stopped before its engine applied the change): no event.
    await h.app.database.db.updateTable('alarm_rules').set({ enabled: 0 }).where('id', '=', ruleId).execute();

    await restartApp(h);
    expect(await recordsOf(h, main, device.deviceId)).toMatchObject([
      { state: 4, recovery_reason: 'ruleDisabled', recovery_value: null },
    ]);
  });
});
