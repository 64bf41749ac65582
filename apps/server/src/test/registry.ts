import { expect } from 'vitest';
import { call, type Harness } from './harness';
import { newHardware, type TestAccount } from './accounts';

/** Calls `url` as `account` and expects code 0; returns data. */
export async function ok<T = Record<string, unknown>>(
  h: Harness,
  account: { token: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const r = await call<T>(h.app, method, url, {
    token: account.token,
    ...(body !== undefined ? { body } : {}),
  });
  expect(r.body, `${method} ${url}`).toMatchObject({ code: 0 });
  return r.body.data;
}

export interface RegistryObjects {
  groupId: number;
  childGroupId: number;
  labelId: number;
  templateId: number;
  deviceId: number;
  deviceSn: string;
  projectId: number;
  /** A TAG of the template (int32), an alarm group and an alarm rule on that TAG in the group. */
  tagId: number;
  alarmGroupId: number;
  alarmRuleId: number;
}

/**
 * Builds one of each registry object through the API as `account` (a main account with
 * template_max_num ≥ 1): a group with a sub-group, a label, a template (model X10), a device in the
 * sub-group using both, a project holding the device, and an alarm rule (in an alarm group) on a TAG
 * of the template. Names carry `tag` to stay unique.
 */
export async function seedRegistry(h: Harness, account: TestAccount, tag: string): Promise<RegistryObjects> {
  const group = await ok<{ id: number }>(h, account, 'POST', '/v1/groups', { name: `G${tag}` });
  const child = await ok<{ id: number }>(h, account, 'POST', '/v1/groups', {
    name: `G${tag}child`,
    parent_id: group.id,
  });
  const label = await ok<{ id: number }>(h, account, 'POST', '/v1/labels', { name: `L${tag}` });
  const template = await ok<{ id: number }>(h, account, 'POST', '/v1/templates', {
    name: `T${tag}`,
    hmi_model: 'X10',
  });
  // Written directly so the template keeps version 1 (a TAG table change through the API raises it).
  const templateTag = await h.app.database.db
    .insertInto('template_tags')
    .values({
      template_id: template.id,
      name: 'temp',
      data_type: 5,
      access: 0,
      address_type: '',
      address: '',
      scan_time_ms: 1000,
      save_history: 0,
      default_value: '',
      description: '',
      sort: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const alarmGroup = await ok<{ id: number }>(
    h,
    account,
    'POST',
    `/v1/templates/${template.id}/alarm-groups`,
    {
      name: `A${tag}`,
    },
  );
  const alarmRule = await ok<{ id: number }>(h, account, 'POST', `/v1/templates/${template.id}/alarm-rules`, {
    name: `R${tag}`,
    group_id: alarmGroup.id,
    level: 1,
    type: 'limit',
    condition: 2,
    tag_id: templateTag.id,
    alarm_value: '80',
  });
  const hw = await newHardware(h, 'X10');
  const device = await ok<{ id: number }>(h, account, 'POST', '/v1/devices', {
    sn: hw.sn,
    pin: hw.pin,
    name: `D${tag}`,
    group_id: child.id,
    template_id: template.id,
    label_ids: [label.id],
  });
  const project = await ok<{ id: number }>(h, account, 'POST', '/v1/projects', {
    name: `P${tag}`,
    device_ids: [device.id],
  });
  return {
    groupId: group.id,
    childGroupId: child.id,
    labelId: label.id,
    templateId: template.id,
    deviceId: device.id,
    deviceSn: hw.sn,
    projectId: project.id,
    tagId: templateTag.id,
    alarmGroupId: alarmGroup.id,
    alarmRuleId: alarmRule.id,
  };
}
