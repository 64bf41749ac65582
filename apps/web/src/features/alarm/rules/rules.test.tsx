// @vitest-environment jsdom
/**
 * The alarm rules drawer against a real local HTTP server: the form's type-driven fields and section 5
 * messages, permission gating (8 view, 11 edit), batch enable, groups, and the import result dialog.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TagDataType } from '@hmi/contract';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../../test/render';
import { refuse, signInAs, startApiServer, type ApiServer } from '../../../test/apiServer';
import { optionsOf, pick, ruleRow, tagRow, TEMPLATE_ID } from '../../../test/alarmFixtures';
import { formatTime } from '../../../shared/format';
import { AlarmRulesDrawer } from './AlarmRulesDrawer';

const base = `/v1/templates/${TEMPLATE_ID}`;
const tags = [
  tagRow(11, 'Temp', TagDataType.FLOAT),
  tagRow(12, 'Speed', TagDataType.UINT16),
  tagRow(13, 'Run', TagDataType.BOOL),
  tagRow(14, 'Batch', TagDataType.STRING),
];
const main = { is_main: true, permissions: [] };
let api: ApiServer;
let offlineSetting = { offline_alarm_minutes: 0, offline_alarm_level: 8 };

beforeAll(async () => {
  api = await startApiServer();
  await setLanguage('zh-CN');
});
afterAll(() => api.close());
beforeEach(() => {
  api.routes.set(`GET ${base}/tags`, () => ({ version: 1, list: tags, total: tags.length }));
  api.routes.set(`GET ${base}/alarm-groups`, () => ({
    list: [{ id: 5, template_id: TEMPLATE_ID, name: 'Oven', rule_count: 1, created_at: 1700000000 }],
    total: 1,
  }));
  api.routes.set(`GET ${base}/alarm-rules`, () => ({ list: [ruleRow(21), ruleRow(22)], total: 2 }));
  api.routes.set(`GET ${base}/alarm-settings`, () => offlineSetting);
  api.routes.set(`PUT ${base}/alarm-settings`, (req) => (offlineSetting = req.body as typeof offlineSetting));
  api.calls.length = 0;
});

const v = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const tagTitle = (name: string, type: number) => `${name} (${v(`enums.tagDataType.${type}`)})`;
const type = (name: string, value: string) =>
  fireEvent.change(field('alarmRule', name), { target: { value } });
const renderDrawer = () =>
  renderPage(
    <AlarmRulesDrawer template={{ id: TEMPLATE_ID, name: 'Press line' }} onClose={() => undefined} />,
  );

describe('alarm rules', { timeout: 60000 }, () => {
  it('form: the type decides conditions, TAGs and value fields; section 5 messages block saving', async () => {
    await signInAs(api, main);
    api.routes.set(`POST ${base}/alarm-rules`, (req) => ruleRow(30, req.body as object));
    renderDrawer();
    fireEvent.click(await screen.findByTestId('alarm-rule-add'));
    await screen.findByTestId('alarm-rule-tag');

    // Limit rules offer numeric TAGs only; each TAG shows its data type.
    expect(await optionsOf('alarm-rule-tag')).toEqual([
      { title: tagTitle('Temp', TagDataType.FLOAT), disabled: false },
      { title: tagTitle('Speed', TagDataType.UINT16), disabled: false },
    ]);
    // Required fields say so (the asterisk), the alarm value's included.
    for (const name of ['name', 'alarm_value'])
      expect(document.querySelector(`label[for="alarmRule_${name}"]`)?.className, name).toContain(
        'ant-form-item-required',
      );
    type('name', 'Overspeed');
    await pick('alarm-rule-tag', tagTitle('Speed', TagDataType.UINT16));
    type('alarm_value', '70000');
    expect(await screen.findByText(v('validation:alarmValueMismatch'))).toBeTruthy();
    fireEvent.click(submitOf('alarmRule'));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBe(1));
    expect(api.callsTo(`POST ${base}/alarm-rules`)).toHaveLength(0);

    // Deviation: target and deviation instead of the alarm value, integers only.
    await pick('alarm-rule-type', v('enums.alarmType.deviation'));
    await waitFor(() =>
      expect(screen.getByTestId('alarm-rule-condition').textContent).toBe(v('enums.alarmCondition.16')),
    );
    expect((await optionsOf('alarm-rule-condition')).map((o) => o.title)).toEqual([
      v('enums.alarmCondition.16'),
      v('enums.alarmCondition.32'),
    ]);
    expect(screen.queryByTestId('alarm-rule-alarm_value')).toBeNull();
    type('target', '1.5');
    expect(await screen.findByText(v('validation:alarmTargetInteger'))).toBeTruthy();
    type('target', '3000');
    type('deviation', '200');
    await waitFor(() => expect(screen.queryByText(v('validation:alarmTargetInteger'))).toBeNull());

    // On/off: bool TAGs only, the value follows the condition (on 1, off 0).
    await pick('alarm-rule-type', v('enums.alarmType.onoff'));
    await waitFor(() => expect(field('alarmRule', 'alarm_value').value).toBe('1'));
    expect(await screen.findByText(v('validation:alarmTagType'))).toBeTruthy();
    // Offered: the bool TAG; the chosen numeric one stays greyed while its message shows.
    expect(await optionsOf('alarm-rule-tag')).toEqual([
      { title: tagTitle('Speed', TagDataType.UINT16), disabled: true },
      { title: tagTitle('Run', TagDataType.BOOL), disabled: false },
    ]);
    await pick('alarm-rule-tag', tagTitle('Run', TagDataType.BOOL));
    await pick('alarm-rule-condition', v('enums.alarmCondition.256'));
    await waitFor(() => expect(field('alarmRule', 'alarm_value').value).toBe('0'));
    type('alarm_value', '1');
    expect(await screen.findByText(v('validation:alarmOnOffValue'))).toBeTruthy();
    type('alarm_value', '0');
    fireEvent.change(screen.getByTestId('alarm-rule-on_delay_s'), { target: { value: '5' } });
    fireEvent.click(submitOf('alarmRule'));
    await waitFor(() => expect(api.callsTo(`POST ${base}/alarm-rules`)).toHaveLength(1));
    expect(api.callsTo(`POST ${base}/alarm-rules`)[0]?.body).toEqual({
      name: 'Overspeed',
      group_id: null,
      level: 1,
      type: 'onoff',
      condition: 256,
      tag_id: 13,
      alarm_value: '0',
      // Fields of the other types are not sent along.
      target: '',
      deviation: '',
      content: '',
      enabled: true,
      deadband: '',
      on_delay_s: 5,
    });
  });

  it('form: a taken name (1088) is shown on the name field', async () => {
    await signInAs(api, main);
    api.routes.set('PUT /v1/alarm-rules/21', () => refuse(1088));
    renderDrawer();
    fireEvent.click(await screen.findByTestId('alarm-rule-edit-21'));
    await waitFor(() => expect(field('alarmRule', 'name').value).toBe('Rule 21'));
    expect(field('alarmRule', 'alarm_value').value).toBe('80');
    // The rule is checked against its TAG: OK waits until the template's TAGs are in (next test).
    await screen.findByTitle(tagTitle('Temp', TagDataType.FLOAT));
    type('name', 'Rule 22');
    fireEvent.click(submitOf('alarmRule'));
    await waitFor(() => expect(api.callsTo('PUT /v1/alarm-rules/21')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/alarm-rules/21')[0]?.body).toMatchObject({ name: 'Rule 22', tag_id: 11 });
    expect(await screen.findByText(v('errors.1088'))).toBeTruthy();
  });

  it('form: OK waits while the template’s TAGs are still loading, then saves', async () => {
    await signInAs(api, main);
    let answerTags: () => void = () => undefined;
    api.routes.set(
      `GET ${base}/tags`,
      () =>
        new Promise((resolve) => {
          answerTags = () => resolve({ version: 1, list: tags, total: tags.length });
        }),
    );
    api.routes.set('PUT /v1/alarm-rules/21', (req) => ruleRow(21, req.body as object));
    renderDrawer();
    fireEvent.click(await screen.findByTestId('alarm-rule-edit-21'));
    await waitFor(() => expect(field('alarmRule', 'name').value).toBe('Rule 21'));
    type('name', 'Rule 21b');
    expect(submitOf('alarmRule').className).toContain('ant-btn-loading');
    fireEvent.click(submitOf('alarmRule'));
    answerTags();
    await screen.findByTitle(tagTitle('Temp', TagDataType.FLOAT));
    await waitFor(() => expect(submitOf('alarmRule').className).not.toContain('ant-btn-loading'));
    // The click while loading sent nothing and left no refusal on the TAG field.
    expect(api.callsTo('PUT /v1/alarm-rules/21')).toHaveLength(0);
    expect(screen.queryByText(v('validation:alarmTagNotFound'))).toBeNull();
    fireEvent.click(submitOf('alarmRule'));
    await waitFor(() => expect(api.callsTo('PUT /v1/alarm-rules/21')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/alarm-rules/21')[0]?.body).toMatchObject({ name: 'Rule 21b', tag_id: 11 });
  });

  it('needs id 11 for every change; id 8 alone views and exports', async () => {
    await signInAs(api, { is_main: false, permissions: [8] });
    const view = renderDrawer();
    await screen.findByTestId('alarm-rule-name-21');
    for (const id of [
      'alarm-rule-add',
      'alarm-rules-import',
      'alarm-rule-edit-21',
      'alarm-rule-delete-21',
      'offline-alarm-save',
      'oos-rule-21-set',
    ])
      expect(screen.queryByTestId(id)).toBeNull();
    // The offline alarm setting answers on its own call: it may show after the rules.
    expect(((await screen.findByTestId('offline-alarm-minutes')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('alarm-rule-enabled-21').className).toContain('disabled');
    expect(screen.getByTestId('alarm-rules-export')).toBeTruthy();
    view.unmount();

    await signInAs(api, { is_main: false, permissions: [8, 11] });
    renderDrawer();
    await screen.findByTestId('alarm-rule-name-21');
    for (const id of [
      'alarm-rule-add',
      'alarm-rules-import',
      'alarm-rule-edit-21',
      'alarm-rule-delete-21',
      'oos-rule-21-set',
    ])
      expect(screen.getByTestId(id)).toBeTruthy();
  });

  it('takes a rule out of service until a time with a reason, lists it so, and puts it back after asking', async () => {
    await signInAs(api, main);
    const now = Math.floor(Date.now() / 1000);
    const rule22 = ruleRow(22, { oos_until: now - 60, oos_reason: 'ended' });
    let rule21 = ruleRow(21);
    api.routes.set(`GET ${base}/alarm-rules`, () => ({ list: [rule21, rule22], total: 2 }));
    api.routes.set('PUT /v1/alarm-rules/21/out-of-service', (req) => {
      const body = req.body as { until: number | null; reason: string };
      rule21 = { ...rule21, oos_until: body.until, oos_reason: body.until === null ? null : body.reason };
      return { until: rule21.oos_until, reason: rule21.oos_reason };
    });
    renderDrawer();
    // A period that has ended reads as in service.
    expect((await screen.findByTestId('oos-rule-22-in')).textContent).toBe(v('alarm:outOfService.inService'));
    fireEvent.click(screen.getByTestId('oos-rule-21-set'));
    expect((await screen.findByTestId('oos-hint')).textContent).toBe(v('alarm:outOfService.hint.rule'));
    fireEvent.change(screen.getByTestId('oos-reason'), { target: { value: 'sensor being replaced' } });
    fireEvent.click(screen.getByTestId('oos-ok'));
    await waitFor(() => expect(api.callsTo('PUT /v1/alarm-rules/21/out-of-service')).toHaveLength(1));
    const body = api.callsTo('PUT /v1/alarm-rules/21/out-of-service')[0]?.body as { until: number };
    expect(body).toMatchObject({ reason: 'sensor being replaced' });
    expect(body.until - now).toBeGreaterThan(86_400 - 120);
    const mark = await screen.findByTestId('oos-rule-21-mark');
    expect(mark.textContent).toBe(v('alarm:outOfService.until', { time: formatTime(body.until) }));

    fireEvent.click(screen.getByTestId('oos-rule-21-end'));
    expect(
      await screen.findByText(v('alarm:outOfService.endContent.rule', { name: 'Rule 21' })),
    ).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-modal-confirm .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(api.callsTo('PUT /v1/alarm-rules/21/out-of-service')).toHaveLength(2));
    expect(api.callsTo('PUT /v1/alarm-rules/21/out-of-service')[1]?.body).toEqual({
      until: null,
      reason: '',
    });
    await screen.findByTestId('oos-rule-21-in');
  });

  it("sets the template's device offline alarm: minutes offline and level", async () => {
    await signInAs(api, main);
    renderDrawer();
    const minutes = (await screen.findByTestId('offline-alarm-minutes')) as HTMLInputElement;
    expect(minutes.value).toBe('0');
    fireEvent.change(minutes, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('offline-alarm-save'));
    await waitFor(() => expect(api.callsTo(`PUT ${base}/alarm-settings`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${base}/alarm-settings`)[0]?.body).toEqual({
      offline_alarm_minutes: 5,
      offline_alarm_level: 8,
    });
  });

  it('disables the selected rules in one call and one rule by its switch', async () => {
    await signInAs(api, main);
    api.routes.set(`POST ${base}/alarm-rules/enabled`, (req) => ({
      changed: (req.body as { ids: number[] }).ids.length,
    }));
    renderDrawer();
    await screen.findByTestId('alarm-rule-name-22');
    const rulesLoads = () => api.callsTo(`GET ${base}/alarm-rules`).length;
    const groupsLoads = () => api.callsTo(`GET ${base}/alarm-groups`).length;
    await waitFor(() => expect(groupsLoads()).toBe(1));
    expect(rulesLoads()).toBe(1);
    const table = screen.getByTestId('alarm-rule-table');
    const boxes = within(table).getAllByRole('checkbox');
    // The first box selects the page.
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(await screen.findByTestId('alarm-rules-disable'));
    await waitFor(() => expect(api.callsTo(`POST ${base}/alarm-rules/enabled`)).toHaveLength(1));
    expect(api.callsTo(`POST ${base}/alarm-rules/enabled`)[0]?.body).toEqual({
      ids: [21, 22],
      enabled: false,
    });
    expect(await screen.findByText(v('alarm:rules.disabledDone', { count: 2 }))).toBeTruthy();
    // The change reloads the rules and the groups' counts, and ends the selection.
    await waitFor(() => expect(rulesLoads()).toBe(2));
    expect(groupsLoads()).toBe(2);
    expect(screen.queryByTestId('alarm-rules-batch')).toBeNull();

    await waitFor(() =>
      expect(screen.getByTestId('alarm-rule-enabled-22').className).not.toContain('disabled'),
    );
    fireEvent.click(screen.getByTestId('alarm-rule-enabled-22'));
    await waitFor(() => expect(api.callsTo(`POST ${base}/alarm-rules/enabled`)).toHaveLength(2));
    expect(api.callsTo(`POST ${base}/alarm-rules/enabled`)[1]?.body).toEqual({ ids: [22], enabled: false });
  });

  it('groups: adds one, and a taken name (1085) is refused with its message', async () => {
    await signInAs(api, main);
    const oven = { id: 5, template_id: TEMPLATE_ID, name: 'Oven', rule_count: 1, created_at: 1700000000 };
    const groups = [oven];
    api.routes.set(`GET ${base}/alarm-groups`, () => ({ list: groups, total: groups.length }));
    api.routes.set(`POST ${base}/alarm-groups`, (req) => {
      if ((req.body as { name: string }).name === 'Oven') return refuse(1085);
      const press = { ...oven, id: 6, name: 'Press', rule_count: 0 };
      groups.push(press);
      return press;
    });
    renderDrawer();
    fireEvent.click(await screen.findByTestId('alarm-groups-open'));
    await screen.findByTestId('alarm-group-5');
    fireEvent.change(screen.getByTestId('alarm-group-name'), { target: { value: 'Oven' } });
    fireEvent.click(screen.getByTestId('alarm-group-add'));
    expect(await screen.findByText(v('errors.1085'))).toBeTruthy();
    fireEvent.change(screen.getByTestId('alarm-group-name'), { target: { value: 'Press' } });
    fireEvent.click(screen.getByTestId('alarm-group-add'));
    await waitFor(() => expect(api.callsTo(`POST ${base}/alarm-groups`)).toHaveLength(2));
    expect(api.callsTo(`POST ${base}/alarm-groups`)[1]?.body).toEqual({ name: 'Press' });
    expect(await screen.findByText(v('alarm:group.created'))).toBeTruthy();
    // The groups reload: the new one is listed.
    expect(await screen.findByTestId('alarm-group-6')).toBeTruthy();
  });

  it('import: sends the .xlsx as base64 and lists created, updated and refused rows with reasons', async () => {
    await setLanguage('en-US');
    await signInAs(api, main);
    api.routes.set(`POST ${base}/alarm-rules/import`, () => ({
      created: [{ row: 2, name: 'High temp' }],
      updated: [{ row: 3, name: 'Rule 21' }],
      refused: [{ row: 4, name: 'Bad speed', field: 'alarm_value', issue: 'alarmValueMismatch' }],
    }));
    renderDrawer();
    await screen.findByTestId('alarm-rule-name-21');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]);
    fireEvent.change(input, { target: { files: [new File([bytes], 'rules.xlsx')] } });
    const summary = await screen.findByTestId('alarm-import-summary');
    expect(summary.textContent).toBe('1 created, 1 updated, 1 refused.');
    expect(api.callsTo(`POST ${base}/alarm-rules/import`)[0]?.body).toEqual({
      filename: 'rules.xlsx',
      content_base64: 'UEsDBP8=',
    });
    const refused = screen.getByTestId('alarm-import-refused');
    expect(within(refused).getByText('Bad speed')).toBeTruthy();
    expect(within(refused).getByText('Alarm value')).toBeTruthy();
    expect(within(refused).getByText("The alarm value does not match the TAG's data type")).toBeTruthy();
    await setLanguage('zh-CN');
  });
});
