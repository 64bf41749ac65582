// @vitest-environment jsdom
/**
 * Alarm records against a real local HTTP server and a real websocket peer: state filter, acknowledge
 * the selected records (the responder shows), the .xlsx export with the browser's time zone, the
 * device tab's device and rule filters, and the refresh when the socket says messages changed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmRecord } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { signInAs, startApiServer, type ApiServer } from '../../test/apiServer';
import { live } from '../../live/live';
import { browserTimezoneHours, exportExcel, xlsxFilename } from '../../shared/exportExcel';
import { deviceRow } from '../../test/deviceFixtures';
import { serveLive } from '../../test/liveConnection';
import { pick, recordRow, ruleRow, TEMPLATE_ID } from '../../test/alarmFixtures';
import { AlarmRecordsPage } from './AlarmRecordsPage';
import { DeviceAlarmsTab } from '../../features/alarm/records/DeviceAlarmsTab';

vi.mock('../../live/live', () => import('../../test/liveMock'));

const liveServer = serveLive(live);
let api: ApiServer;
let records: AlarmRecord[];
const downloads: string[] = [];

beforeAll(async () => {
  api = await startApiServer();
  api.routes.set('GET /v1/devices', () => ({ list: [deviceRow(7, { template_id: TEMPLATE_ID })], total: 1 }));
  api.routes.set('GET /v1/alarms', () => ({ list: records, total: records.length }));
  api.routes.set(`GET /v1/templates/${TEMPLATE_ID}/alarm-rules`, () => ({
    list: [ruleRow(21), ruleRow(22)],
    total: 2,
  }));
  URL.createObjectURL = () => 'blob:alarm-records';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  await setLanguage('zh-CN');
});
afterAll(() => api.close());
beforeEach(async () => {
  records = [
    recordRow(1),
    recordRow(2, { state: 4, recovery_at: 1700000100, recovery_value: '70' }),
    recordRow(3, { state: 2, response_at: 1700000050, responder_id: 2, responder_name: 'Wang' }),
  ];
  api.calls.length = 0;
  downloads.length = 0;
  await signInAs(api, { is_main: true, permissions: [] });
});

const v = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const lastQuery = (key: string) => api.callsTo(key).at(-1)?.query;

describe('alarm records', { timeout: 60000 }, () => {
  it('opens with the state and shelved filters of the URL (the dashboard’s link)', async () => {
    const page = renderPage(<AlarmRecordsPage />, { url: '/device/alarmrecords?state=1&shelved=0' });
    await screen.findByTestId('alarm-record-state-1');
    expect(lastQuery('GET /v1/alarms')?.get('state')).toBe('1');
    expect(lastQuery('GET /v1/alarms')?.get('shelved')).toBe('0');
    page.unmount();
    api.calls.length = 0;
    renderPage(<AlarmRecordsPage />, { url: '/device/alarmrecords?shelved=all' });
    await screen.findByTestId('alarm-record-state-1');
    expect(lastQuery('GET /v1/alarms')?.get('state')).toBe('0');
    expect(lastQuery('GET /v1/alarms')?.has('shelved')).toBe(false);
  });

  it('filters by state and acknowledges the selected records, keeping the responder', async () => {
    api.routes.set('POST /v1/alarm/template/web/AskAlarms', (req) => {
      const { ids, note } = req.body as { ids: number[]; note?: string };
      records = records.map((r) =>
        ids.includes(r.id)
          ? {
              ...r,
              state: r.state === 4 ? 4 : 2,
              response_at: 1700000200,
              responder_id: 1,
              responder_name: 'Tester',
              note: note ?? null,
              note_by: note ? 'Tester' : null,
            }
          : r,
      );
      return { acknowledged: ids.length };
    });
    renderPage(<AlarmRecordsPage />);
    await screen.findByTestId('alarm-record-state-1');
    expect(lastQuery('GET /v1/alarms')?.get('state')).toBe('0');
    // The active view: records shelved now are left out unless asked for.
    expect(lastQuery('GET /v1/alarms')?.get('shelved')).toBe('0');
    fireEvent.click(
      within(screen.getByTestId('alarm-records-state')).getByText(v('enums.alarmRecordState.2')),
    );
    await waitFor(() => expect(lastQuery('GET /v1/alarms')?.get('state')).toBe('2'));
    fireEvent.click(
      within(screen.getByTestId('alarm-records-state')).getByText(v('enums.alarmRecordState.0')),
    );
    await waitFor(() => expect(lastQuery('GET /v1/alarms')?.get('state')).toBe('0'));

    // Every record still to acknowledge or to shelve can be picked: the acknowledged one is still
    // active (it may be shelved), the recovered one was never acknowledged.
    const rows = within(screen.getByTestId('alarm-record-table'));
    const boxes = rows.getAllByRole('checkbox').slice(1) as HTMLInputElement[];
    expect(boxes.map((b) => b.disabled)).toEqual([false, false, false]);
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(screen.getByTestId('alarm-records-ack-selected'));
    fireEvent.change(await screen.findByTestId('alarm-ack-note'), { target: { value: ' pump restarted ' } });
    fireEvent.click(screen.getByTestId('alarm-ack-ok'));
    await waitFor(() => expect(api.callsTo('POST /v1/alarm/template/web/AskAlarms')).toHaveLength(1));
    expect(api.callsTo('POST /v1/alarm/template/web/AskAlarms')[0]?.body).toEqual({
      ids: [1, 2],
      note: 'pump restarted',
    });
    expect((await screen.findByTestId('alarm-record-responder-1')).textContent).toContain('Tester');
    expect(screen.getByTestId('alarm-record-note-1').textContent).toBe(
      v('alarm:records.noteBy', { name: 'Tester', note: 'pump restarted' }),
    );
    expect(screen.getByTestId('alarm-record-state-1').textContent).toBe(v('enums.alarmRecordState.2'));
    // Recovered before anyone acknowledged it: it stays recovered and keeps its responder.
    expect(screen.getByTestId('alarm-record-state-2').textContent).toBe(v('enums.alarmRecordState.4'));
    expect(screen.getByTestId('alarm-record-responder-2').textContent).toContain('Tester');
    expect(screen.queryByTestId('alarm-record-ack-1')).toBeNull();
  });

  it('shelves a record for a chosen time only with a reason, marks it, and unshelves it', async () => {
    api.routes.set('POST /v1/alarms/shelve', (req) => {
      const { ids, minutes, reason } = req.body as { ids: number[]; minutes: number; reason: string };
      const until = Math.floor(Date.now() / 1000) + minutes * 60;
      records = records.map((r) =>
        ids.includes(r.id) ? { ...r, shelved_until: until, shelve_reason: reason, shelved_by: 'Tester' } : r,
      );
      return { shelved: ids.length };
    });
    api.routes.set('POST /v1/alarms/unshelve', (req) => {
      const { ids } = req.body as { ids: number[] };
      records = records.map((r) => (ids.includes(r.id) ? { ...r, shelved_until: 1 } : r));
      return { unshelved: ids.length };
    });
    renderPage(<AlarmRecordsPage />);
    await screen.findByTestId('alarm-record-state-1');
    // A recovered record cannot be shelved.
    expect(screen.queryByTestId('alarm-record-shelve-2')).toBeNull();
    fireEvent.click(screen.getByTestId('alarm-record-shelve-1'));
    fireEvent.click(await screen.findByTestId('alarm-shelve-ok'));
    expect(await screen.findByText(v('alarm:records.shelveReasonRequired'))).toBeTruthy();
    expect(api.callsTo('POST /v1/alarms/shelve')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('alarm-shelve-reason'), { target: { value: 'sensor swap' } });
    fireEvent.click(screen.getByTestId('alarm-shelve-ok'));
    await waitFor(() => expect(api.callsTo('POST /v1/alarms/shelve')).toHaveLength(1));
    expect(api.callsTo('POST /v1/alarms/shelve')[0]?.body).toEqual({
      ids: [1],
      minutes: 60,
      reason: 'sensor swap',
    });
    expect(await screen.findByTestId('alarm-record-shelved-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('alarm-record-unshelve-1'));
    await waitFor(() => expect(api.callsTo('POST /v1/alarms/unshelve')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('alarm-record-shelved-1')).toBeNull());
  });

  it('on a phone: each record in one cell with its state and the acknowledge action', async () => {
    api.routes.set('POST /v1/alarm/template/web/AskAlarms', (req) => ({
      acknowledged: (req.body as { ids: number[] }).ids.length,
    }));
    const headers = () =>
      Array.from(screen.getByTestId('alarm-record-table').querySelectorAll('thead th'))
        .map((th) => th.textContent ?? '')
        .filter(Boolean);
    const desktop = renderPage(<AlarmRecordsPage />);
    await screen.findByTestId('alarm-record-state-1');
    expect(headers()).toHaveLength(9);
    desktop.unmount();

    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderPage(<AlarmRecordsPage />);
      const state = await screen.findByTestId('alarm-record-state-1');
      expect(headers()).toEqual([v('alarm:records.field.alarm')]);
      const cell = state.closest('td') as HTMLElement;
      expect(cell.className).not.toContain('fix');
      for (const text of ['Rule 21', v('enums.alarmLevel.8'), 'Press7', 'Too hot', '85.5'])
        expect(within(cell).getByText(text)).toBeTruthy();
      // The acknowledged record names its responder instead of offering the action.
      expect(screen.getByTestId('alarm-record-responder-3').textContent).toContain('Wang');
      expect(screen.queryByTestId('alarm-record-ack-3')).toBeNull();
      fireEvent.click(within(cell).getByTestId('alarm-record-ack-1'));
      fireEvent.click(await screen.findByTestId('alarm-ack-ok'));
      await waitFor(() => expect(api.callsTo('POST /v1/alarm/template/web/AskAlarms')).toHaveLength(1));
      expect(api.callsTo('POST /v1/alarm/template/web/AskAlarms')[0]?.body).toEqual({ ids: [1] });
    } finally {
      window.innerWidth = width;
    }
  });

  it('says why a record ended when its rule or template changed instead of its condition clearing', async () => {
    records = [
      recordRow(4, { state: 4, recovery_at: 1700000100, recovery_reason: 'ruleDisabled' }),
      recordRow(5, { state: 4, recovery_at: 1700000100, recovery_value: '70' }),
    ];
    const desktop = renderPage(<AlarmRecordsPage />);
    const reason = v('alarm:records.recoveryReason.ruleDisabled');
    expect((await screen.findByTestId('alarm-record-recovery-reason-4')).textContent).toBe(reason);
    expect(screen.queryByTestId('alarm-record-recovery-reason-5')).toBeNull();
    desktop.unmount();
    // On a phone, in the record's one cell.
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderPage(<AlarmRecordsPage />);
      expect((await screen.findByTestId('alarm-record-recovery-reason-4')).textContent).toBe(reason);
    } finally {
      window.innerWidth = width;
    }
  });

  it('exports the filtered records as .xlsx with the browser time-zone offset in hours', async () => {
    api.routes.set('GET /v1/alarms/export', () => ({
      filename: 'alarm-records',
      content_base64: 'UEsDBA==',
      total: 3,
    }));
    renderPage(<AlarmRecordsPage />);
    await screen.findByTestId('alarm-record-state-1');
    await pick('alarm-records-level', v('enums.alarmLevel.8'));
    await waitFor(() => expect(lastQuery('GET /v1/alarms')?.get('level')).toBe('8'));
    fireEvent.click(screen.getByTestId('alarm-records-export'));
    await waitFor(() => expect(downloads).toEqual(['alarm-records.xlsx']));
    const query = lastQuery('GET /v1/alarms/export');
    expect(query?.get('timezone')).toBe(String(browserTimezoneHours()));
    expect(query?.get('level')).toBe('8');
    expect(query?.get('state')).toBe('0');

    // The helper itself: the given offset reaches the request, the name always ends in .xlsx.
    const asked: number[] = [];
    const sheet = await exportExcel(
      (tz) => (asked.push(tz), Promise.resolve({ filename: 'x.xls', content_base64: 'UEs=' })),
      5.5,
    );
    expect(asked).toEqual([5.5]);
    expect(sheet.filename).toBe('x.xlsx');
    expect(xlsxFilename('report.XLSX')).toBe('report.XLSX');
    expect(browserTimezoneHours(new Date('2026-01-01T00:00:00Z'))).toBe(
      -new Date('2026-01-01T00:00:00Z').getTimezoneOffset() / 60,
    );
  });

  it('device tab: scoped to the device, rules of its template as a filter', async () => {
    renderPage(<DeviceAlarmsTab device={{ id: 7, template_id: TEMPLATE_ID }} />);
    await screen.findByTestId('alarm-record-state-1');
    expect(lastQuery('GET /v1/alarms')?.get('device_id')).toBe('7');
    expect(screen.queryByTestId('alarm-records-device')).toBeNull();
    await pick('alarm-records-rule', 'Rule 22');
    await waitFor(() => expect(lastQuery('GET /v1/alarms')?.get('rule_id')).toBe('22'));
    expect(lastQuery('GET /v1/alarms')?.get('device_id')).toBe('7');
    expect(api.callsTo('GET /v1/devices')).toHaveLength(0);
  });

  it('keeps the acknowledge action in a column fixed on the right, key columns first', async () => {
    for (const view of [
      <AlarmRecordsPage key="page" />,
      <DeviceAlarmsTab key="tab" device={{ id: 7, template_id: TEMPLATE_ID }} />,
    ]) {
      const { unmount } = renderPage(view);
      const ack = await screen.findByTestId('alarm-record-ack-1');
      expect(ack.closest('td')?.className).toContain('ant-table-cell-fix-end');
      const table = screen.getByTestId('alarm-record-table');
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
      const at = (key: string) => headers.indexOf(v(`alarm:${key}`));
      expect(at('records.field.alarmAt')).toBeLessThan(at('records.field.rule'));
      expect(at('records.field.rule')).toBeLessThan(at('records.field.state'));
      expect(at('records.field.state')).toBeLessThan(at('rule.field.condition'));
      expect(headers.at(-1)).toBe(v('alarm:common.actions'));
      unmount();
    }
  });

  it('marks a record late samples implied (a gateway outbox after an outage), on a desk and on a phone', async () => {
    records = [recordRow(4, { late: true }), recordRow(5)];
    const desktop = renderPage(<AlarmRecordsPage />);
    expect((await screen.findByTestId('alarm-record-late-4')).textContent).toBe(v('alarm:records.late'));
    expect(screen.queryByTestId('alarm-record-late-5')).toBeNull();
    desktop.unmount();
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderPage(<AlarmRecordsPage />);
      const mark = await screen.findByTestId('alarm-record-late-4');
      expect(mark.closest('td')).toBe(screen.getByTestId('alarm-record-state-4').closest('td'));
    } finally {
      window.innerWidth = width;
    }
  });

  it('offers the rule filter only with the template view (id 8)', async () => {
    await signInAs(api, { is_main: false, permissions: [2] });
    renderPage(<DeviceAlarmsTab device={{ id: 7, template_id: TEMPLATE_ID }} />);
    await screen.findByTestId('alarm-record-state-1');
    expect(screen.queryByTestId('alarm-records-rule')).toBeNull();
    expect(api.callsTo(`GET /v1/templates/${TEMPLATE_ID}/alarm-rules`)).toHaveLength(0);
    // Acknowledging needs the device view only.
    expect(screen.getByTestId('alarm-record-ack-1')).toBeTruthy();
  });

  it('reloads when the live socket says messages changed (a raised alarm)', async () => {
    renderPage(<AlarmRecordsPage />);
    await screen.findByTestId('alarm-record-state-1');
    const peer = await liveServer.connect();
    const loads = api.callsTo('GET /v1/alarms').length;
    records = [recordRow(9, { value: '99.5' }), ...records];
    peer.send({ type: 'messages' });
    expect((await screen.findByTestId('alarm-record-value-9')).textContent).toBe('99.5');
    expect(api.callsTo('GET /v1/alarms')).toHaveLength(loads + 1);
  });

  it('reloads twice at most for a burst of events (one rule raised on three devices)', async () => {
    const answer = api.routes.get('GET /v1/alarms');
    // Each answer carries its own number, so the screen shows which load it rendered last.
    api.routes.set('GET /v1/alarms', () => {
      const n = api.callsTo('GET /v1/alarms').length;
      return { list: [recordRow(9, { value: String(n) })], total: 1 };
    });
    try {
      renderPage(<DeviceAlarmsTab device={{ id: 7, template_id: TEMPLATE_ID }} />);
      await screen.findByTestId('alarm-record-value-9');
      const peer = await liveServer.connect();
      const loads = api.callsTo('GET /v1/alarms').length;
      for (let i = 0; i < 3; i += 1) peer.send({ type: 'messages' });
      // The screen shows the answer of the second load after the events, the last one expected.
      await waitFor(() =>
        expect(screen.getByTestId('alarm-record-value-9').textContent).toBe(String(loads + 2)),
      );
      // One load for the first event, one after it for the two that came meanwhile.
      expect(api.callsTo('GET /v1/alarms')).toHaveLength(loads + 2);
    } finally {
      if (answer) api.routes.set('GET /v1/alarms', answer);
    }
  });
});
