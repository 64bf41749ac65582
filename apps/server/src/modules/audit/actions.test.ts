import {
  allocateCard,
  allPermissionIds,
  confirmInvitation,
  createAllocation,
  createInvitation,
  createRole,
  setTrafficSwitch,
  copyTemplate,
  createTemplate,
  createZone,
  deleteTemplate,
  deleteZone,
  listAudit,
  openRemoteView,
  putTemplateTags,
  removeMember,
  topics,
  updateTemplate,
  updateZone,
  type AuditEntry,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount } from '../../test/accounts';
import { activatedCard } from '../../test/billing';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { withTraffic } from '../../test/vnc';
import { databases } from '../../test/databases';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';

/** The audit entries of template, member, zone and card actions (the others: audit.test.ts). */
describe.each(databases)('audited actions on $name', (database) => {
  const ctx = withAccountSuite(new AccountSuite(), database, 5);
  const ofAction = async (action: AuditEntry['action']) =>
    (await ok(ctx.h, ctx.main, listAudit, { query: { action, pageSize: 50 } })).list;

  it('records template additions, copies, edits, TAG table changes and deletions', async () => {
    const t = await ok(ctx.h, ctx.main, createTemplate, { body: { name: 'Oven', hmi_model: 'X10' } });
    await ok(ctx.h, ctx.main, updateTemplate, {
      params: { id: t.id },
      body: { name: 'Oven2', firmware: 'v2' },
    });
    // Nothing changed: nothing recorded.
    await ok(ctx.h, ctx.main, updateTemplate, { params: { id: t.id }, body: { firmware: 'v2' } });
    await ok(ctx.h, ctx.main, putTemplateTags, {
      params: { id: t.id },
      body: { tags: [{ name: 'temp', data_type: 5, access: 0 }] },
    });
    const copy = await ok(ctx.h, ctx.main, copyTemplate, { params: { id: t.id }, body: {} });
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: copy.id } });

    expect(await ofAction('templateAdded')).toEqual([
      expect.objectContaining({ target: 'Oven2_copy', detail: { copyOf: 'Oven2' } }),
      expect.objectContaining({ target: 'Oven', detail: { model: 'X10' } }),
    ]);
    expect((await ofAction('templateEdited')).map((e) => [e.target, e.detail])).toEqual([
      ['Oven2', { tags: '1' }],
      ['Oven2', { fields: 'name,firmware' }],
    ]);
    expect(await ofAction('templateDeleted')).toEqual([expect.objectContaining({ target: 'Oven2_copy' })]);
  });

  it('records zone edits and deletions, member removal and card activation', async () => {
    const zone = await ok(ctx.h, ctx.main, createZone, { body: { name: 'Hall' } });
    await ok(ctx.h, ctx.main, updateZone, {
      params: { id: zone.id },
      body: { name: 'Hall2', networks: ['10.0.0.0/8'] },
    });
    await ok(ctx.h, ctx.main, deleteZone, { params: { id: zone.id } });
    expect((await ofAction('zoneEdited'))[0]).toMatchObject({
      target: 'Hall2',
      detail: { networks: '10.0.0.0/8' },
    });
    expect((await ofAction('zoneDeleted'))[0]).toMatchObject({ target: 'Hall2', user_id: ctx.main.userId });

    const member = await createSubAccount(ctx.h, ctx.main.teamId, allPermissionIds);
    await ok(ctx.h, ctx.main, removeMember, { params: { id: member.userId } });
    expect((await ofAction('memberRemoved'))[0]).toMatchObject({ target: member.username });

    await activatedCard(ctx.h, ctx.main, { type: 2 });
    const [card] = await ofAction('cardActivated');
    expect(card).toMatchObject({ user_id: ctx.main.userId, ip: '127.0.0.1', detail: { type: 'remote' } });
    expect(card?.target).toMatch(/^[0-9A-Z]{8}$/);
  });

  it('records invitations and joins, TAG and card allocations and the traffic switch, with names', async () => {
    const role = await ok(ctx.h, ctx.main, createRole, { body: { name: 'Operator', permissions: [2] } });
    const guest = await createMainAccount(ctx.h);
    const sent = await ok(ctx.h, ctx.main, createInvitation, {
      body: { account: guest.username, role_id: role.id },
    });
    await ok(ctx.h, guest, confirmInvitation, { body: { id: sent.id, accept: true } });
    expect((await ofAction('invitationSent'))[0]).toMatchObject({
      user_id: ctx.main.userId,
      target: guest.username,
      detail: { role: 'Operator' },
    });
    // In the log of the team joined, by the member itself.
    expect((await ofAction('memberJoined'))[0]).toMatchObject({
      user_id: guest.userId,
      target: guest.username,
      detail: { role: 'Operator' },
    });

    const dev = await boundDevice(ctx.h, ctx.main, `${database.name}alloc`);
    await activatedCard(ctx.h, ctx.main, { type: 1, tagCount: 10 });
    await ok(ctx.h, ctx.main, createAllocation, {
      body: { device_id: dev.deviceId, tag_count: 4, frequency_min: 5 },
    });
    expect((await ofAction('tagsAllocated'))[0]).toMatchObject({
      target: `D${database.name}alloc`,
      detail: { tags: '4', minutes: '5' },
    });

    const cardId = await activatedCard(ctx.h, ctx.main, { type: 2 });
    await ok(ctx.h, ctx.main, allocateCard, { params: { id: cardId }, body: { device_id: dev.deviceId } });
    const [allocated] = await ofAction('cardAllocated');
    expect(allocated).toMatchObject({ detail: { device: `D${database.name}alloc` } });
    expect(allocated?.target).toMatch(/^[0-9A-Z]{8}$/);

    await ok(ctx.h, ctx.main, setTrafficSwitch, { params: { id: dev.deviceId }, body: { on: true } });
    expect((await ofAction('trafficSwitched'))[0]).toMatchObject({
      target: `D${database.name}alloc`,
      detail: { switch: 'on' },
    });
  });

  it('records the opening of a remote view session with its mode and length', async () => {
    const dev = await boundDevice(ctx.h, ctx.main, `${database.name}audit`);
    const mqtt = await connect(brokerUrl(ctx.h), { username: dev.sn, password: dev.secret });
    try {
      await mqtt.subscribeAsync(topics.cmd(dev.sn), { qos: 1 });
      await withTraffic(ctx.h, ctx.main, dev.deviceId, 1024 * 1024);
      const r = await ok(ctx.h, ctx.main, openRemoteView, {
        params: { id: dev.deviceId },
        body: { mode: 'view', max_minutes: 5 },
        ip: '10.7.7.7',
      });
      expect(r.session).toBeTruthy();
      expect((await ofAction('remoteSession'))[0]).toMatchObject({
        user_id: ctx.main.userId,
        ip: '10.7.7.7',
        target: dev.sn,
        detail: { mode: 'view', minutes: '5' },
      });
    } finally {
      mqtt.end(true);
    }
  });
});
