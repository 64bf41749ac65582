// @vitest-environment jsdom
/**
 * The device detail against a real local API server and its live websocket: values pushed by the
 * socket replace the loaded ones in place, the online badge follows, and a TAG write is checked in
 * the form, then shows pending until the socket says the device did it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, setLanguage, i18next } from '../../test/render';
import { formatTime } from '../../shared/format';
import { live } from '../../live/live';
import { emptyPage, signInAs, startApiServer, type ApiServer } from '../../test/apiServer';
import { deviceRow } from '../../test/deviceFixtures';
import { deviceBilling } from '../../test/billingFixtures';
import { DeviceDetailPage } from './DeviceDetailPage';

let api: ApiServer;
/** The device's alarm service as the server holds it (PUT …/alarm-out-of-service changes it). */
let oos: { oos_until: number | null; oos_reason: string | null } = { oos_until: null, oos_reason: null };
const COMMAND = '6f1c2a3e-1b2c-4d5e-8f90-123456789abc';

const tag = (
  id: number,
  name: string,
  data_type: number,
  access: number,
  value: string | null,
  badReason: string | null = null,
) => ({
  id,
  name,
  data_type,
  access,
  save_history: false,
  description: `${name} description`,
  value,
  ts: value === null ? null : 1_700_000_000_000,
  quality: badReason === null ? 'good' : 'bad',
  quality_reason: badReason,
  quality_ts: badReason === null ? null : 1_700_000_000_500,
});

beforeAll(async () => {
  api = await startApiServer();
  api.routes.set('GET /v1/devices/7', () =>
    deviceRow(7, { template_id: 3, template_name: 'Line', online: 1, ...oos }),
  );
  api.routes.set('PUT /v1/devices/7/alarm-out-of-service', (req) => {
    const body = req.body as { until: number | null; reason: string };
    oos = { oos_until: body.until, oos_reason: body.until === null ? null : body.reason };
    return { until: oos.oos_until, reason: oos.oos_reason };
  });
  api.routes.set('GET /v1/devices/7/tags', () => ({
    list: [
      tag(1, 'temperature', 7, 0, '20.5'),
      tag(2, 'setpoint', 7, 2, '60'),
      tag(3, 'speed', 1, 1, null),
      tag(4, 'level', 7, 0, '3.5', 'config:unknown connection'),
    ],
    total: 4,
  }));
  api.routes.set('GET /v1/devices/7/field', () => ({
    agent_version: '0.2.0',
    reported_at: 1_700_000_300,
    report: {
      ts: 1_700_000_300_000,
      connections: [
        {
          name: 'plc1',
          protocol: 'modbus-tcp',
          state: 'error',
          last_error: 'exception:2',
          last_error_at: 1_700_000_290_000,
          requests: 120,
          errors: 7,
          p50_ms: 12,
          p99_ms: 950,
          tags: 14,
        },
      ],
      outbox: { depth: 3600, bytes: 1_200_000, oldest_ts: 1_700_000_000_000, dropped: 0 },
    },
    refused_protocol: { version: 2, at: 1_700_000_100 },
  }));
  api.routes.set('GET /v1/groups', () => []);
  api.routes.set('GET /v1/labels', () => ({ list: [], total: 0 }));
  api.routes.set('GET /v1/templates', () => ({ list: [], total: 0 }));
  // The billing section of the page.
  api.routes.set('GET /v1/devices/7/billing', () => deviceBilling(7));
  // The alarm records section of the page.
  api.routes.set('GET /v1/alarms', emptyPage);
  // The remote sessions card of the page.
  api.routes.set('GET /v1/devices/7/vnc/sessions', emptyPage);
  api.routes.set('GET /v1/devices/7/passthrough/sessions', emptyPage);
  api.routes.set('GET /v1/templates/3/alarm-rules', emptyPage);
  api.routes.set('POST /v1/devices/7/tags/2/write', (req) => ({
    id: COMMAND,
    device_id: 7,
    type: 'write',
    tag: 'setpoint',
    value: (req.body as { value: string }).value,
    status: 'pending',
    error: null,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
  }));
  await setLanguage('en-US');
});
afterAll(() => api.close());
afterEach(() => live.stop());

/** The first render of the page is slow under jsdom on a busy machine. */
const LOADED = { timeout: 20000 };

const open = () =>
  renderPage(<DeviceDetailPage />, { url: '/device/devicelist/7', path: '/device/devicelist/:id' });

/** Opens the page, live, and the write dialog of `setpoint`: the socket's server side and the dialog. */
async function openSetpointWrite() {
  await signInAs(api, { is_main: true, permissions: [] });
  const first = api.live.peers.length;
  live.start();
  open();
  const peer = await api.live.peer(first);
  fireEvent.click(await screen.findByTestId('tag-write-setpoint', {}, LOADED));
  return { peer, modal: await screen.findByTestId('tag-write-modal') };
}

describe('device detail, live', { timeout: 30000 }, () => {
  it('shows pushed values and online changes in place', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    const first = api.live.peers.length;
    live.start();
    open();
    expect((await screen.findByTestId('tag-value-temperature', {}, LOADED)).textContent).toBe('20.5');
    expect(screen.getByTestId('tag-table').textContent).toContain(i18next.t('live:tags.noValue'));
    const peer = await api.live.peer(first);
    await peer.next('subscribe', (m) => m.devices.includes(7));
    await waitFor(() => expect(screen.getByTestId('live-status').textContent).toBe('Live'));

    peer.send({
      type: 'values',
      device_id: 7,
      values: [{ tag: 'temperature', value: '21.75', ts: 1_700_000_001_000 }],
    });
    await waitFor(() => expect(screen.getByTestId('tag-value-temperature').textContent).toBe('21.75'));
    expect(screen.getByTestId('device-detail-online').dataset.online).toBe('true');
    peer.send({ type: 'online', device_id: 7, online: 0, at: 1_700_000_100 });
    await waitFor(() => expect(screen.getByTestId('device-detail-online').dataset.online).toBe('false'));
    // Only TAGs that can be written get the action; no TAG saves history here.
    expect(screen.queryByTestId('tag-write-temperature')).toBeNull();
    expect(screen.getByTestId('tag-write-speed')).toBeTruthy();
    expect(screen.getByTestId('history-none').textContent).toContain(i18next.t('live:history.noTags'));
  });

  it('greys a bad value with its reason, loaded or pushed, until a good value comes', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    const first = api.live.peers.length;
    live.start();
    open();
    const level = await screen.findByTestId('tag-value-level', {}, LOADED);
    expect(level.dataset.quality).toBe('bad');
    expect(level.textContent).toContain('3.5');
    expect(screen.getByTestId('tag-quality-level').textContent).toBe(
      "Bad value: the TAG's connection is not in the gateway's configuration file",
    );
    expect(screen.getByTestId('tag-value-temperature').dataset.quality).toBeUndefined();
    const peer = await api.live.peer(first);
    await peer.next('subscribe', (m) => m.devices.includes(7));

    peer.send({
      type: 'values',
      device_id: 7,
      values: [{ tag: 'temperature', value: '21.25', ts: 1_700_000_001_000 }],
    });
    await waitFor(() => expect(screen.getByTestId('tag-value-temperature').textContent).toBe('21.25'));
    // The PLC refuses the read: the last good value (pushed, newer than the loaded one) stays,
    // greyed, with the exception's name.
    peer.send({
      type: 'values',
      device_id: 7,
      values: [{ tag: 'temperature', value: '', ts: 1_700_000_002_000, q: 'exception:2' }],
    });
    await waitFor(() =>
      expect(screen.getByTestId('tag-quality-temperature').textContent).toBe(
        'Bad value: the PLC refused: exception 2 (illegal data address)',
      ),
    );
    expect(screen.getByTestId('tag-value-temperature').textContent).toContain('21.25');
    await setLanguage('zh-TW');
    await waitFor(() =>
      expect(screen.getByTestId('tag-quality-temperature').textContent).toBe(
        '數值異常：PLC 拒絕：例外碼 2（非法資料位址）',
      ),
    );
    await setLanguage('en-US');
    // A good sample makes it good again; the level's loaded bad state ends the same way.
    peer.send({
      type: 'values',
      device_id: 7,
      values: [
        { tag: 'temperature', value: '22', ts: 1_700_000_003_000 },
        { tag: 'level', value: '4', ts: 1_700_000_003_000 },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('tag-value-temperature').textContent).toBe('22'));
    expect(screen.getByTestId('tag-value-level').textContent).toBe('4');
    expect(screen.queryByTestId('tag-quality-level')).toBeNull();
  });

  it('checks the value against the data type, then shows pending until the device confirms', async () => {
    const { peer, modal } = await openSetpointWrite();
    expect(within(modal).getByTestId('tag-write-current').textContent).toBe('60');
    const input = within(modal).getByTestId('tag-write-value');
    // The dialog's own Write button: the row's is named "Write" too now that icons carry no name.
    const submit = () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Write' }));

    fireEvent.change(input, { target: { value: 'hot' } });
    submit();
    expect(await within(modal).findByText(i18next.t('validation:tagValueNumber'))).toBeTruthy();
    expect(api.callsTo('POST /v1/devices/7/tags/2/write')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '2O' } });
    submit();
    expect(await within(modal).findByText(i18next.t('validation:tagValueNumber'))).toBeTruthy();
    expect(api.callsTo('POST /v1/devices/7/tags/2/write')).toHaveLength(0);

    // Parsed as every write path parses it: spaces around a number ignored, the canonical text sent.
    fireEvent.change(input, { target: { value: ' 65.50' } });
    submit();
    expect(await within(modal).findByTestId('tag-write-pending')).toBeTruthy();
    expect(api.callsTo('POST /v1/devices/7/tags/2/write')[0]?.body).toEqual({ value: '65.5' });
    peer.send({ type: 'command', device_id: 7, command_id: COMMAND, status: 'done', error: null });
    expect((await within(modal).findByTestId('tag-write-done')).textContent).toContain(
      i18next.t('live:write.done'),
    );
  });

  it('says why a write failed in words: the PLC exception by name', async () => {
    const { peer, modal } = await openSetpointWrite();
    fireEvent.change(within(modal).getByTestId('tag-write-value'), { target: { value: '70' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Write' }));
    expect(await within(modal).findByTestId('tag-write-pending')).toBeTruthy();
    peer.send({ type: 'command', device_id: 7, command_id: COMMAND, status: 'failed', error: 'exception:2' });
    expect((await within(modal).findByTestId('tag-write-failed')).textContent).toBe(
      'The write failed: the PLC refused: exception 2 (illegal data address)',
    );
  });

  it('issues each call once for one render, the live snapshot included', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    const first = api.live.peers.length;
    live.start();
    const from = api.calls.length;
    open();
    await screen.findByTestId('tag-value-temperature', {}, LOADED);
    const peer = await api.live.peer(first);
    await peer.next('subscribe', (m) => m.devices.includes(7));
    // The subscription snapshot re-renders the page; nothing it shows may load again.
    peer.send({ type: 'online', device_id: 7, online: 1, at: 1_700_000_200 });
    await waitFor(() => expect(screen.getByTestId('device-detail-online').dataset.online).toBe('true'));
    await waitFor(() => {
      expect(screen.getByTestId('field-outbox')).toBeTruthy();
      expect(screen.getByTestId('device-billing-month')).toBeTruthy();
      expect(
        within(screen.getByTestId('alarm-record-table')).getByText(i18next.t('common.noData')),
      ).toBeTruthy();
    });
    const made = api.calls.slice(from).map((c) => `${c.method} ${c.path}?${c.query.toString()}`);
    expect(made.filter((call, i) => made.indexOf(call) !== i)).toEqual([]);
    expect(made.filter((call) => call.startsWith('GET /v1/alarms?'))).toHaveLength(1);
  });

  it('offers no write without HMI operation (6)', async () => {
    await signInAs(api, { is_main: false, permissions: [2] });
    open();
    await screen.findByTestId('tag-value-temperature', {}, LOADED);
    expect(screen.queryByTestId('tag-write-setpoint')).toBeNull();
    expect(screen.queryByTestId('tag-write-speed')).toBeNull();
  });

  it('explains the field connections to a technician: state, last problem, outbox, agent version, a refused protocol', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    open();
    const card = await screen.findByTestId('device-field', {}, LOADED);
    expect((await within(card).findByTestId('field-state-plc1')).textContent).toBe(
      i18next.t('live:field.states.error'),
    );
    expect(within(card).getByTestId('field-error-plc1').textContent).toContain(
      i18next.t('live:reason.exception', { code: '2', name: i18next.t('live:reason.exceptionName.2') }),
    );
    expect(within(card).getByText('120 / 7')).toBeTruthy();
    expect(
      within(card).getByText(i18next.t('live:field.responseTimeValue', { p50: 12, p99: 950 })),
    ).toBeTruthy();
    expect(within(card).getByTestId('field-outbox').textContent).toContain('3600');
    expect(within(card).getByTestId('field-agent').textContent).toContain('0.2.0');
    expect(within(card).getByTestId('field-refused').textContent).toContain(
      i18next.t('live:field.refused', { version: 2, time: '' }).split('(')[0]?.trim() ?? '',
    );
  });
});

describe('device detail, alarms out of service', { timeout: 30000 }, () => {
  const OOS = 'PUT /v1/devices/7/alarm-out-of-service';
  const confirmOk = async () => {
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-modal-confirm .ant-btn-primary') as HTMLElement);
  };

  it('takes the alarms out of service until a time with a reason, says so plainly, and ends it after asking', async () => {
    oos = { oos_until: null, oos_reason: null };
    api.calls.length = 0;
    await signInAs(api, { is_main: true, permissions: [] });
    open();
    expect((await screen.findByTestId('oos-device-7-in', {}, LOADED)).textContent).toBe(
      i18next.t('alarm:outOfService.inService'),
    );
    expect(screen.queryByTestId('device-detail-oos')).toBeNull();
    fireEvent.click(screen.getByTestId('oos-device-7-set'));
    expect((await screen.findByTestId('oos-hint')).textContent).toBe(
      i18next.t('alarm:outOfService.hint.device'),
    );
    // No reason: refused in place, nothing sent.
    fireEvent.click(screen.getByTestId('oos-ok'));
    expect(await screen.findByText(i18next.t('alarm:outOfService.reasonRequired'))).toBeTruthy();
    expect(api.callsTo(OOS)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('oos-reason'), { target: { value: ' pump overhaul ' } });
    const now = Math.floor(Date.now() / 1000);
    fireEvent.click(screen.getByTestId('oos-ok'));
    await waitFor(() => expect(api.callsTo(OOS)).toHaveLength(1));
    const body = api.callsTo(OOS)[0]?.body as { until: number; reason: string };
    // A day ahead by default, to the minute.
    expect(body.reason).toBe('pump overhaul');
    expect(body.until).toBeGreaterThan(now + 86_400 - 120);
    expect(body.until).toBeLessThanOrEqual(now + 86_400);
    const until = i18next.t('alarm:outOfService.until', { time: formatTime(body.until) });
    await waitFor(() => expect(screen.getByTestId('device-detail-oos').textContent).toBe(until));
    expect(screen.getByTestId('oos-device-7-mark').textContent).toBe(until);
    expect(screen.getByTestId('oos-device-7-mark-reason').textContent).toBe(
      i18next.t('alarm:outOfService.reasonText', { reason: 'pump overhaul' }),
    );

    // Ending asks first.
    fireEvent.click(screen.getByTestId('oos-device-7-end'));
    expect(
      await screen.findByText(i18next.t('alarm:outOfService.endContent.device', { name: 'Press7' })),
    ).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(api.callsTo(OOS)).toHaveLength(2));
    expect(api.callsTo(OOS)[1]?.body).toEqual({ until: null, reason: '' });
    await screen.findByTestId('oos-device-7-in');
    expect(screen.queryByTestId('device-detail-oos')).toBeNull();
  });

  it('shows the period without the buttons to a member without device edit (4)', async () => {
    oos = { oos_until: Math.floor(Date.now() / 1000) + 3600, oos_reason: 'line stopped' };
    await signInAs(api, { is_main: false, permissions: [2] });
    open();
    expect((await screen.findByTestId('device-detail-oos', {}, LOADED)).textContent).toContain(
      formatTime(oos.oos_until),
    );
    expect(screen.getByTestId('oos-device-7-mark-reason').textContent).toContain('line stopped');
    expect(screen.queryByTestId('oos-device-7-end')).toBeNull();
    expect(screen.queryByTestId('oos-device-7-set')).toBeNull();
    oos = { oos_until: null, oos_reason: null };
  });
});
