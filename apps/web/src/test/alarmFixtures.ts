/** Fixtures and antd helpers of the alarm screen tests. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AlarmMessage, AlarmRecord, AlarmRule, Tag } from '@hmi/contract';
import { emptyRow } from '../features/device/templatelist/tagRows';

export const TEMPLATE_ID = 3;

/** A TAG as the API lists it: the TAG table editor's blank row, named and typed. */
export function tagRow(id: number, name: string, data_type: number): Tag {
  const { key: _key, ...blank } = emptyRow(data_type);
  return { ...blank, id, name, access: 0, scan_time_ms: 1000, sort: id };
}

export const ruleRow = (id: number, patch: Partial<AlarmRule> = {}): AlarmRule => ({
  id,
  template_id: TEMPLATE_ID,
  group_id: null,
  group_name: null,
  name: `Rule ${id}`,
  level: 4,
  type: 'limit',
  condition: 2,
  tag_id: 11,
  tag_name: 'Temp',
  alarm_value: '80',
  target: '',
  deviation: '',
  condition_content: '{11} > 80',
  content: 'Too hot',
  enabled: true,
  deadband: '',
  on_delay_s: 0,
  oos_until: null,
  oos_reason: null,
  created_at: 1700000000,
  updated_at: 1700000000,
  ...patch,
});

export const recordRow = (id: number, patch: Partial<AlarmRecord> = {}): AlarmRecord => ({
  id,
  device_id: 7,
  device_name: 'Press7',
  device_sn: 'SN-7',
  template_id: TEMPLATE_ID,
  rule_id: 21,
  rule_name: 'Rule 21',
  level: 8,
  urgency: 1,
  type: 'limit',
  condition: 2,
  tag_name: 'Temp',
  value: '85.5',
  recovery_value: null,
  recovery_reason: null,
  content: 'Too hot',
  state: 1,
  alarm_at: 1700000000,
  response_at: null,
  recovery_at: null,
  responder_id: null,
  responder_name: null,
  kind: 'rule',
  chattering: false,
  shelved_until: null,
  shelve_reason: null,
  shelved_by: null,
  note: null,
  note_by: null,
  ...patch,
});

export const alarmMessageRow = (id: number, patch: Partial<AlarmMessage> = {}): AlarmMessage => ({
  id,
  record_id: 100 + id,
  device_id: 7,
  device_name: 'Press7',
  kind: 'rule',
  rule_name: `Rule ${id}`,
  level: 16,
  urgency: 1,
  event: 'raised',
  content: 'Too hot',
  state: 1,
  is_read: false,
  created_at: 1700000000,
  ...patch,
});

/** Opens the antd Select marked `testId` and clicks its option titled `title`. */
export async function pick(testId: string, title: string): Promise<void> {
  const marked = screen.getByTestId(testId);
  const select = marked.closest('.ant-select') ?? marked;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`)];
    const last = found.at(-1);
    if (!last) throw new Error(`no option ${title}`);
    return last;
  });
  fireEvent.click(option);
}

/** The options (title and disabled flag) the last opened Select offers. */
export async function optionsOf(testId: string): Promise<{ title: string; disabled: boolean }[]> {
  const marked = screen.getByTestId(testId);
  const select = marked.closest('.ant-select') ?? marked;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const options = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const found = [...(open.at(-1)?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
    if (!found.length) throw new Error('no open dropdown with options');
    return found;
  });
  return options.map((o) => ({
    title: o.getAttribute('title') ?? '',
    disabled: o.classList.contains('ant-select-item-option-disabled'),
  }));
}
