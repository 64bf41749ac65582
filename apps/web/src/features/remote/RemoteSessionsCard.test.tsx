// @vitest-environment jsdom
/**
 * The device detail's remote parts: the record of sessions (who, mode, how it ended, bytes) and the
 * way into the remote view, shown only to whoever holds id 6 (HMI).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { RemoteSessionsCard } from './RemoteSessionsCard';
import { RemoteViewButton } from './RemoteViewButton';
import { remoteSocketUrl } from '../../api/remote';

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/devices/7/vnc/sessions', () => ({
    list: [
      {
        session: 'b'.repeat(36),
        user_name: 'Operator Two',
        user_id: 3,
        mode: 'view',
        started_at: 1_700_000_100,
        ended_at: null,
        reason: null,
        bytes: 0,
      },
      {
        session: 'a'.repeat(36),
        user_name: 'Tester',
        user_id: 1,
        mode: 'control',
        started_at: 1_700_000_000,
        ended_at: 1_700_000_090,
        reason: 'traffic',
        bytes: 2 * 1024 * 1024,
      },
    ],
    total: 2,
  }));
});

describe('remote sessions of a device', () => {
  it('lists who viewed the HMI, in which mode, how it ended and the bytes', async () => {
    await setLanguage('zh-CN');
    await signInAs(api, { is_main: false, permissions: [2] });
    renderPage(<RemoteSessionsCard deviceId={7} />);
    const card = await screen.findByTestId('device-remote-sessions');
    await waitFor(() => expect(card.textContent).toContain('Operator Two'));
    expect(card.textContent).toContain(i18next.t('remote:sessions.title'));
    expect(card.textContent).toContain(i18next.t('remote:end.reason.traffic'));
    expect(card.textContent).toContain(i18next.t('remote:sessions.open'));
    expect(card.textContent).toContain('2MB');
    expect(api.callsTo('GET /v1/devices/7/vnc/sessions')[0]?.query.get('pageSize')).toBe('10');
  });

  it('offers the remote view only with id 6 and opens its route', async () => {
    await setLanguage('en-US');
    await signInAs(api, { is_main: false, permissions: [2] });
    const without = renderPage(<RemoteViewButton deviceId={7} />);
    expect(screen.queryByTestId('remote-open-7')).toBeNull();
    without.unmount();

    await signInAs(api, { is_main: false, permissions: [2, 6] });
    renderPage(<RemoteViewButton deviceId={7} />, { url: '/device/devicelist' });
    fireEvent.click(await screen.findByTestId('remote-open-7'));
    expect(screen.getByTestId('location').textContent).toBe('/device/devicelist/7/remote');
  });

  it("derives the relay socket from the data centre's host", () => {
    expect(remoteSocketUrl('https://eu.example.test', 'http://localhost:5173')).toBe(
      'wss://eu.example.test/v1/vnc/ws',
    );
    expect(remoteSocketUrl(null, 'http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/v1/vnc/ws');
  });
});
