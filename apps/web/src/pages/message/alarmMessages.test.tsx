// @vitest-environment jsdom
/**
 * The alarm message tab and the alarm mail subscription against a real local HTTP server: urgency
 * tags, events and states; mark one and all read through /msg/setread with the counts reloaded; new
 * messages arriving over a real websocket peer; the subscription's load and save.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmMessage } from '@hmi/contract';
import { renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { live } from '../../live/live';
import { MsgAlarmPage } from './MsgAlarmPage';
import { AlarmSubscriptionCard } from '../../features/alarm/subscription/AlarmSubscriptionCard';
import { serveLive } from '../../test/liveConnection';
import { alarmMessageRow, pick } from '../../test/alarmFixtures';

vi.mock('../../live/live', () => import('../../test/liveMock'));

const liveServer = serveLive(live);
const api = serveApi();
let messages: AlarmMessage[];

beforeAll(async () => {
  api.routes.set('GET /v1/alarm/template/web/message/list', () => ({
    list: messages,
    total: messages.length,
  }));
  api.routes.set('POST /v1/msg/setread', (req) => {
    const body = req.body as { ids?: number[]; all?: boolean };
    const hit = (m: AlarmMessage) => body.all === true || (body.ids ?? []).includes(m.id);
    const updated = messages.filter((m) => !m.is_read && hit(m)).length;
    messages = messages.map((m) => (hit(m) ? { ...m, is_read: true } : m));
    return { updated };
  });
  await setLanguage('en-US');
});
afterAll(async () => {
  await setLanguage('zh-CN');
});
beforeEach(async () => {
  messages = [
    alarmMessageRow(1),
    alarmMessageRow(2, { urgency: 3, level: 4, event: 'recovered', state: 4 }),
    alarmMessageRow(3, { urgency: 2, level: 1, event: 'escalated', state: 1, is_read: true }),
  ];
  api.calls.length = 0;
  const unread = () => messages.filter((m) => !m.is_read).length;
  await signInAs(api, { is_main: false, permissions: [] }, { notice: 0, billing: 0, alarm: unread() });
  api.routes.set('GET /v1/msg/notify/count', () => ({
    total: { notice: 0, billing: 0, alarm: messages.length },
    unread: { notice: 0, billing: 0, alarm: unread() },
  }));
});

const rowOf = (id: number) => screen.getByTestId(`alarm-message-rule-${id}`).closest('tr') as HTMLElement;

describe('alarm messages', { timeout: 60000 }, () => {
  it('words an offline alarm’s rule and content, stored as `offline`, in the reader’s locale', async () => {
    messages = [alarmMessageRow(4, { kind: 'offline', rule_name: 'offline', content: 'offline' })];
    renderPage(<MsgAlarmPage />);
    expect((await screen.findByTestId('alarm-message-rule-4')).textContent).toBe('Device offline');
    expect(
      within(rowOf(4)).getByText('The device stayed offline longer than its template allows.'),
    ).toBeTruthy();
    expect(within(rowOf(4)).queryByText('offline')).toBeNull();
  });

  it('shows urgency as coloured tags, the event and state; marks one and then all read', async () => {
    renderPage(<MsgAlarmPage />);
    await screen.findByTestId('alarm-message-rule-1');
    const urgent = within(rowOf(1)).getByText('Urgent');
    expect(urgent.className).toContain('red');
    expect(within(rowOf(2)).getByText('Normal').className).toContain('gold');
    expect(within(rowOf(3)).getByText('Low').className).toContain('blue');
    expect(screen.getByTestId('alarm-message-event-2').textContent).toBe('Recovered');
    expect(screen.getByTestId('alarm-message-event-3').textContent).toBe('Escalated');
    expect(within(rowOf(2)).getByText('Recovered', { selector: '[data-state]' })).toBeTruthy();
    expect(screen.getByTestId('alarm-message-unread-count').textContent).toBe('2 unread');
    // The tab's badge and the billing tab follow the session (no id 23: no billing tab).
    expect(screen.getByTestId('message-tab-alarm')).toBeTruthy();
    expect(screen.queryByTestId('message-tab-billing')).toBeNull();

    fireEvent.click(screen.getByTestId('alarm-message-read-1'));
    await waitFor(() =>
      expect(screen.getByTestId('alarm-message-unread-count').textContent).toBe('1 unread'),
    );
    expect(api.callsTo('POST /v1/msg/setread')[0]?.body).toEqual({ ids: [1] });
    expect(screen.queryByTestId('alarm-message-read-1')).toBeNull();

    await waitFor(() =>
      expect(screen.getByTestId('alarm-message-read-all').className).not.toContain('loading'),
    );
    fireEvent.click(screen.getByTestId('alarm-message-read-all'));
    await waitFor(() =>
      expect(screen.getByTestId('alarm-message-unread-count').textContent).toBe('0 unread'),
    );
    expect(api.callsTo('POST /v1/msg/setread')[1]?.body).toEqual({ all: true, kind: 'alarm' });
    expect(screen.queryByTestId('alarm-message-read-2')).toBeNull();
  });

  it('filters by urgency and read state, and shows a new alarm message when the socket says so', async () => {
    renderPage(<MsgAlarmPage />);
    await screen.findByTestId('alarm-message-rule-1');
    await pick('alarm-message-urgency', 'Urgent');
    await waitFor(() =>
      expect(api.callsTo('GET /v1/alarm/template/web/message/list').at(-1)?.query.get('urgency')).toBe('1'),
    );
    fireEvent.click(within(screen.getByTestId('alarm-message-read-filter')).getByText('Unread'));
    await waitFor(() =>
      expect(api.callsTo('GET /v1/alarm/template/web/message/list').at(-1)?.query.get('is_read')).toBe('0'),
    );

    const peer = await liveServer.connect();
    messages = [alarmMessageRow(4, { rule_name: 'Overheat' }), ...messages];
    peer.send({ type: 'messages' });
    expect((await screen.findByTestId('alarm-message-rule-4')).textContent).toBe('Overheat');
  });
});

describe('alarm mail subscription', { timeout: 60000 }, () => {
  it('loads the saved choice and saves mail, SMS, level and escalation minutes', async () => {
    api.routes.set('GET /v1/alarm-subscription', () => ({
      mail: false,
      sms: false,
      min_level: 1,
      escalation: false,
      escalate_after_minutes: 0,
    }));
    api.routes.set('PUT /v1/alarm-subscription', (req) => req.body);
    renderPage(<AlarmSubscriptionCard />);
    const minutes = (await screen.findByTestId('alarm-subscription-minutes')) as HTMLInputElement;
    expect(minutes.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('alarm-subscription-mail'));
    fireEvent.click(screen.getByTestId('alarm-subscription-sms'));
    await pick('alarm-subscription-level', 'Severe');
    fireEvent.click(screen.getByTestId('alarm-subscription-escalation'));
    await waitFor(() => expect(minutes.disabled).toBe(false));
    fireEvent.change(minutes, { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('alarm-subscription-save'));
    await waitFor(() => expect(api.callsTo('PUT /v1/alarm-subscription')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/alarm-subscription')[0]?.body).toEqual({
      mail: true,
      sms: true,
      min_level: 8,
      escalation: true,
      escalate_after_minutes: 45,
      // Mails in the console's language and the browser's time zone, said on the card.
      locale: 'en-US',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByText('Alarm mail settings saved')).toBeTruthy();
    expect(screen.getByTestId('alarm-subscription-zone').textContent).toContain(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });
});
