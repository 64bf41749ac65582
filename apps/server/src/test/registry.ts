import { expect } from 'vitest';
import {
  createGroup,
  createLabel,
  createTemplate,
  createAlarmGroup,
  createAlarmRule,
  bindDevice,
  createProject,
  createTemplateScreen,
  type CallDef,
  type CallResponse,
} from '@hmi/contract';
import { api, type ApiRest, type Harness } from './harness';
import { newHardware, type TestAccount } from './accounts';
import { templateTagRow } from './template-tag-row';

/** Makes the contract call `def` as `account`, expects code 0 and returns its typed data. */
export async function ok<C extends CallDef>(
  h: Harness,
  account: { token: string },
  def: C,
  ...[args]: ApiRest<C>
): Promise<CallResponse<C>> {
  const withToken = [{ ...args, token: account.token }] as ApiRest<C>;
  const r = await api(h.app, def, ...withToken);
  expect(r.body, `${def.method} ${def.path}`).toMatchObject({ code: 0 });
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
  /** A screen of the template showing its TAG. */
  screenId: number;
}

/**
 * Builds one of each registry object through the API as `account` (a main account with
 * template_max_num ≥ 1): a group with a sub-group, a label, a template (model X10), a device in the
 * sub-group using both, a project holding the device, and an alarm rule (in an alarm group) on a TAG
 * of the template. Names carry `tag` to stay unique.
 */
export async function seedRegistry(h: Harness, account: TestAccount, tag: string): Promise<RegistryObjects> {
  const group = await ok(h, account, createGroup, { body: { name: `G${tag}` } });
  const child = await ok(h, account, createGroup, { body: { name: `G${tag}child`, parent_id: group.id } });
  const label = await ok(h, account, createLabel, { body: { name: `L${tag}` } });
  const template = await ok(h, account, createTemplate, { body: { name: `T${tag}`, hmi_model: 'X10' } });
  // Written directly so the template keeps version 1 (a TAG table change through the API raises it).
  const templateTag = await h.app.database.db
    .insertInto('template_tags')
    .values(templateTagRow({ template_id: template.id, name: 'temp', data_type: 5, access: 0, sort: 0 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const alarmGroup = await ok(h, account, createAlarmGroup, {
    params: { id: template.id },
    body: { name: `A${tag}` },
  });
  const alarmRule = await ok(h, account, createAlarmRule, {
    params: { id: template.id },
    body: {
      name: `R${tag}`,
      group_id: alarmGroup.id,
      level: 1,
      type: 'limit',
      condition: 2,
      tag_id: templateTag.id,
      alarm_value: '80',
    },
  });
  const hw = await newHardware(h, 'X10');
  const device = await ok(h, account, bindDevice, {
    body: { ...hw, name: `D${tag}`, group_id: child.id, template_id: template.id, label_ids: [label.id] },
  });
  const project = await ok(h, account, createProject, { body: { name: `P${tag}`, device_ids: [device.id] } });
  const screen = await ok(h, account, createTemplateScreen, {
    params: { id: template.id },
    body: { name: `S${tag}`, document: tagScreen('temp') },
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
    screenId: screen.id,
  };
}

/** A screen document showing one TAG of a template as a value. */
export function tagScreen(tag: string) {
  return {
    version: 1 as const,
    width: 400,
    height: 300,
    widgets: [{ id: 'v', type: 'value' as const, x: 10, y: 10, w: 100, h: 40, binding: { tag } }],
  };
}
