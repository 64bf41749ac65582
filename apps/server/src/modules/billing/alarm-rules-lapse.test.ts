import {
  BillingCardType,
  createAlarmGroup,
  createAlarmRule,
  deleteAlarmRule,
  exportAlarmRules,
  importAlarmRules,
  listAlarmRules,
  setAlarmRulesEnabled,
  updateAlarmGroup,
  updateAlarmRule,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount } from '../../test/accounts';
import { activatedCard, relogin } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok } from '../../test/registry';
import { templateWithTags } from '../../test/alarm-rules';

const CA = BillingCardType.CLOUD_APPLICATION;
const DAY = 86400;

describe.each(databases)('alarm rules of a template billing expired on $name', (database) => {
  const h = useHarness(database);

  it('refuses rule and group changes and imports (1033 expired); reading, export and deletion stay; a card returns it', async () => {
    const owner = await createMainAccount(h, 1);
    await activatedCard(h, owner, { type: CA, tagCount: 1, templateCount: 1 });
    await templateWithTags(h, owner, 'older');
    h.clock.advance(1);
    const tpl = await templateWithTags(h, owner, 'newer');
    const rule = (name: string) => ({
      name,
      level: 8,
      type: 'limit' as const,
      condition: 2,
      tag_id: tpl.tag('i32'),
      alarm_value: '80',
    });
    const kept = await ok(h, owner, createAlarmRule, { params: { id: tpl.id }, body: rule('kept') });
    const gone = await ok(h, owner, createAlarmRule, { params: { id: tpl.id }, body: rule('gone') });
    const group = await ok(h, owner, createAlarmGroup, { params: { id: tpl.id }, body: { name: 'g' } });
    const sheet = await ok(h, owner, exportAlarmRules, { params: { id: tpl.id } });

    // The card lapses: the allowance falls back to 1 and the newer template expires.
    h.clock.advance(366 * DAY);
    await relogin(h, owner);
    await h.app.billing.runHousekeeping();
    const token = owner.token;
    const refused = { code: 1033, data: { reason: 'expired' } };
    const create = () => api(h.app, createAlarmRule, { token, params: { id: tpl.id }, body: rule('new') });
    expect((await create()).body).toMatchObject(refused);
    expect(
      (await api(h.app, updateAlarmRule, { token, params: { id: kept.id }, body: rule('renamed') })).body,
    ).toMatchObject(refused);
    expect(
      (
        await api(h.app, setAlarmRulesEnabled, {
          token,
          params: { id: tpl.id },
          body: { ids: [kept.id], enabled: false },
        })
      ).body,
    ).toMatchObject(refused);
    expect(
      (await api(h.app, createAlarmGroup, { token, params: { id: tpl.id }, body: { name: 'h' } })).body,
    ).toMatchObject(refused);
    expect(
      (await api(h.app, updateAlarmGroup, { token, params: { id: group.id }, body: { name: 'h' } })).body,
    ).toMatchObject(refused);
    const reimport = () =>
      api(h.app, importAlarmRules, {
        token,
        params: { id: tpl.id },
        body: { filename: sheet.filename, content_base64: sheet.content_base64 },
      });
    expect((await reimport()).body).toMatchObject(refused);

    // Reading, export and deletion go on (deleting makes nothing more).
    expect((await ok(h, owner, exportAlarmRules, { params: { id: tpl.id } })).total).toBe(2);
    expect((await api(h.app, deleteAlarmRule, { token, params: { id: gone.id } })).body.code).toBe(0);
    const names = async () =>
      (await ok(h, owner, listAlarmRules, { params: { id: tpl.id } })).list.map((r) => r.name).sort();
    expect(await names()).toEqual(['kept']);

    // A new Cloud Application card returns the template: changes work again.
    await activatedCard(h, owner, { type: CA, tagCount: 1, templateCount: 1 });
    expect((await create()).body.code).toBe(0);
    expect((await reimport()).body.code).toBe(0);
    expect(await names()).toEqual(['gone', 'kept', 'new']);
  });
});
