// @vitest-environment jsdom
/**
 * The remote view against a real local API server and a real websocket playing the relay: the page
 * opens the session with the chosen mode and duration, authenticates on the socket in its first
 * message, hands noVNC the RFB bytes only, shows mode, bytes and traffic as the relay reports them,
 * offers view-only or a take-over when control is held, and shows the end dialog with the reason of
 * each close code. noVNC itself draws on a canvas jsdom lacks: a stand-in records what it is given
 * (the browser test drives the real one).
 */
import { constants, createDeflateRaw } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ErrorCode, VNC_CLOSE, type VncEndReason } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { refuse, signInAs, startApiServer, type ApiServer } from '../../test/apiServer';
import { RemoteView } from './RemoteView';
import { startTestRelay, type RelayPeer, type TestRelay } from '../../test/relayPeer';
import FakeRfb from '../../test/fakeRfb';

vi.mock('@novnc/novnc', () => import('../../test/fakeRfb'));

let api: ApiServer;
let relay: TestRelay;
let peers = 0;
const SESSION = '3f8e9a4c-0d1b-4c2e-9f3a-5b6c7d8e9f01';
const NOW = 1_700_000_000;

const opened = (mode: 'control' | 'view', maxMinutes = 30) => ({
  session: SESSION,
  device_id: 7,
  mode,
  max_minutes: maxMinutes,
  created_at: NOW,
  ends_at: NOW + maxMinutes * 60,
  remaining_bytes: 5 * 1024 * 1024,
});

beforeAll(async () => {
  [api, relay] = await Promise.all([startApiServer(), startTestRelay()]);
  await setLanguage('en-US');
});
afterAll(async () => {
  await Promise.all([api.close(), relay.close()]);
});
afterEach(() => {
  FakeRfb.instances.length = 0;
});

/** Renders the view, submits the open form, and returns the relay's side of the socket. */
async function openSession(onBack = () => undefined): Promise<RelayPeer> {
  renderPage(<RemoteView deviceId={7} socketUrl={relay.url} onBack={onBack} />);
  fireEvent.click(await screen.findByTestId('remote-open'));
  const peer = await relay.peer(peers);
  peers += 1;
  return peer;
}

const ready = (peer: RelayPeer, mode: 'control' | 'view') =>
  peer.send({ type: 'ready', mode, started_at: NOW, ends_at: NOW + 1800, remaining_bytes: 5 * 1024 * 1024 });

const rfb = async () => {
  await waitFor(() => expect(FakeRfb.instances).toHaveLength(1));
  return FakeRfb.instances[0] as FakeRfb;
};

describe('remote view', { timeout: 30000 }, () => {
  it('opens a controlling session, pipes RFB to noVNC and input back, shows usage, then the end dialog', async () => {
    await signInAs(api, { is_main: false, permissions: [2, 6] });
    api.routes.set('POST /v1/devices/7/vnc', () => opened('control'));
    const peer = await openSession();
    expect(api.callsTo('POST /v1/devices/7/vnc')[0]?.body).toEqual({ mode: 'control', max_minutes: 30 });
    // The first message authenticates: token and session id, nothing in the URL.
    // It offers to inflate the HMI's stream (jsdom, as browsers, has DecompressionStream).
    expect(await peer.next('auth')).toEqual({
      type: 'auth',
      token: 'access',
      session: SESSION,
      compress: ['deflate'],
    });
    expect(peer.control).toHaveLength(1);
    await screen.findByTestId('remote-connecting');

    ready(peer, 'control');
    const client = await rfb();
    expect(client.options.shared).toBe(true);
    expect(client.viewOnly).toBe(false);
    expect(client.scaleViewport).toBe(true);
    expect(screen.getByTestId('remote-mode').dataset.mode).toBe('control');
    expect(screen.getByTestId('remote-traffic').textContent).toContain('5MB');

    // Binary frames are RFB for noVNC; text frames never reach it.
    peer.sendRfb(Buffer.from('RFB 003.008\n', 'latin1'));
    peer.send({ type: 'usage', bytes: 3 * 1024 * 1024, remaining_bytes: 2 * 1024 * 1024 });
    await waitFor(() => expect(client.received).toHaveLength(1));
    expect(Buffer.from(client.received[0] ?? []).toString('latin1')).toBe('RFB 003.008\n');
    await waitFor(() => expect(screen.getByTestId('remote-bytes').textContent).toContain('3MB'));
    expect(screen.getByTestId('remote-traffic').textContent).toContain('2MB');
    client.input([5, 1, 0, 10, 0, 20]);
    await peer.until((p) => p.binary.length === 1);
    expect([...(peer.binary[0] ?? [])]).toEqual([5, 1, 0, 10, 0, 20]);

    fireEvent.click(screen.getByTestId('remote-end'));
    await peer.next('end');
    peer.send({ type: 'end', reason: 'user', bytes: 3_200_000, duration_s: 75 });
    peer.close(VNC_CLOSE.user);
    const dialog = await screen.findByTestId('remote-end-dialog');
    expect(within(dialog).getByTestId('remote-end-reason').textContent).toBe(
      i18next.t('remote:end.reason.user'),
    );
    expect(dialog.textContent).toContain('1:15');
    expect(within(dialog).getByTestId('remote-end-bytes').textContent).toBe('3.05MB');
  });

  it('warns when the session is about to end for want of input, and takes it back on input', async () => {
    await signInAs(api, { is_main: false, permissions: [2, 6] });
    api.routes.set('POST /v1/devices/7/vnc', () => opened('control'));
    const peer = await openSession();
    ready(peer, 'control');
    await rfb();
    expect(screen.queryByTestId('remote-idle')).toBeNull();
    peer.send({ type: 'idle', ends_in_s: 59 });
    const warning = await screen.findByTestId('remote-idle');
    // (a second may tick between the message and the render)
    expect([59, 58].map((s) => i18next.t('remote:idle.warning', { time: `0:${s}` }))).toContain(
      warning.textContent,
    );
    peer.send({ type: 'idle', ends_in_s: null });
    await waitFor(() => expect(screen.queryByTestId('remote-idle')).toBeNull());
    peer.close(VNC_CLOSE.idle);
    const shown = await screen.findByTestId('remote-end-reason');
    expect(shown.textContent).toBe(i18next.t('remote:end.reason.idle'));
  });

  it('inflates a deflated HMI stream for noVNC, shows the live bitrate, and asks for low bandwidth', async () => {
    await signInAs(api, { is_main: false, permissions: [2, 6] });
    api.routes.set('POST /v1/devices/7/vnc', () => opened('control'));
    const peer = await openSession();
    ready(peer, 'control');
    const client = await rfb();
    expect([client.qualityLevel, client.compressionLevel]).toEqual([6, 2]);
    peer.send({ type: 'stream', compress: 'deflate' });
    const deflate = createDeflateRaw();
    const frame = (b: Buffer) =>
      new Promise<Buffer>((resolve) => {
        const out: Buffer[] = [];
        const take = (c: Buffer) => out.push(c);
        deflate.on('data', take);
        deflate.write(b);
        deflate.flush(constants.Z_SYNC_FLUSH, () => {
          deflate.off('data', take);
          resolve(Buffer.concat(out));
        });
      });
    const screenBytes = Buffer.alloc(200_000, 0x3c);
    const packed = [await frame(Buffer.from('RFB 003.008\n', 'latin1')), await frame(screenBytes)];
    for (const p of packed) peer.sendRfb(p);
    await waitFor(() =>
      expect(client.received.reduce((n, r) => n + r.length, 0)).toBe(12 + screenBytes.length),
    );
    expect(Buffer.from(client.received[0] ?? []).toString('latin1')).toBe('RFB 003.008\n');
    // The bitrate counts what crossed the link (the packed bytes), sampled each second.
    const wire = packed.reduce((n, p) => n + p.length, 0);
    expect(wire).toBeLessThan(2000);
    await waitFor(
      () => expect(screen.getByTestId('remote-bitrate').textContent).toMatch(/[^\d][1-9]\d* kbit\/s$/),
      { timeout: 3000 },
    );
    expect(screen.getByTestId('remote-fps')).toBeTruthy();
    fireEvent.click(screen.getByTestId('remote-low-bandwidth'));
    await waitFor(() => expect([client.qualityLevel, client.compressionLevel]).toEqual([2, 9]));
    peer.close(VNC_CLOSE.user);
    await screen.findByTestId('remote-end-dialog');
  });

  it('gives the reason of every close code in the end dialog', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    api.routes.set('POST /v1/devices/7/vnc', () => opened('control'));
    for (const [reason, code] of Object.entries(VNC_CLOSE) as [VncEndReason, number][]) {
      const view = renderPage(<RemoteView deviceId={7} socketUrl={relay.url} onBack={() => undefined} />);
      fireEvent.click(await screen.findByTestId('remote-open'));
      const peer = await relay.peer(peers);
      peers += 1;
      await peer.next('auth');
      // No `end` message: the close code alone names the reason.
      peer.close(code);
      const shown = await screen.findByTestId('remote-end-reason');
      expect(shown.dataset.reason).toBe(reason);
      expect(shown.textContent).toBe(i18next.t(`remote:end.reason.${reason}`));
      view.unmount();
    }
  });

  it('offers view-only or a take-over when another user holds control (1205)', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    api.routes.set('POST /v1/devices/7/vnc', (req) => {
      const body = req.body as { mode: string; take_over?: boolean };
      if (body.mode === 'control' && !body.take_over) return refuse(ErrorCode.CONTROL_HELD);
      return opened('view');
    });
    renderPage(<RemoteView deviceId={7} socketUrl={relay.url} onBack={() => undefined} />);
    fireEvent.click(await screen.findByTestId('remote-open'));
    const held = await screen.findByTestId('remote-held');
    expect(held.textContent).toContain(i18next.t('remote:setup.heldTitle'));

    fireEvent.click(within(held).getByTestId('remote-ask-control'));
    const peer = await relay.peer(peers);
    peers += 1;
    expect(api.callsTo('POST /v1/devices/7/vnc').at(-1)?.body).toEqual({
      mode: 'control',
      max_minutes: 30,
      take_over: true,
    });
    await peer.next('auth');
    ready(peer, 'view');
    const client = await rfb();
    // Watching until the holder answers: noVNC sends no input, the badge says so.
    expect(client.viewOnly).toBe(true);
    expect(screen.getByTestId('remote-mode').dataset.mode).toBe('view');
    expect(screen.getByTestId('remote-toolbar').textContent).toContain(
      i18next.t('remote:status.waitingControl'),
    );

    peer.send({ type: 'mode', mode: 'control' });
    await waitFor(() => expect(screen.getByTestId('remote-mode').dataset.mode).toBe('control'));
    // noVNC is told in an effect after the badge's render: on a busy machine it runs a moment later.
    await waitFor(() => expect(client.viewOnly).toBe(false));
    expect(await screen.findByText(i18next.t('remote:takeover.granted'))).toBeTruthy();
  });

  it('watches view-only when chosen, and lets the holder hand control over', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    api.routes.set('POST /v1/devices/7/vnc', () => opened('control'));
    const peer = await openSession();
    await peer.next('auth');
    ready(peer, 'control');
    await rfb();
    peer.send({ type: 'takeover', by: 'Operator Two' });
    const ask = await screen.findByTestId('remote-takeover');
    expect(ask.textContent).toContain('Operator Two');
    fireEvent.click(within(document.body).getByTestId('remote-takeover-accept'));
    expect(await peer.next('takeover_answer')).toEqual({ type: 'takeover_answer', accept: true });
    peer.close(VNC_CLOSE.taken_over);
    expect((await screen.findByTestId('remote-end-reason')).dataset.reason).toBe('taken_over');

    fireEvent.click(screen.getByTestId('remote-end-again'));
    api.routes.set('POST /v1/devices/7/vnc', () => opened('view', 5));
    fireEvent.click(within(await screen.findByTestId('remote-mode-choice')).getByText('View only'));
    fireEvent.change(screen.getByTestId('remote-max-minutes'), { target: { value: '5' } });
    FakeRfb.instances.length = 0;
    fireEvent.click(screen.getByTestId('remote-open'));
    const second = await relay.peer(peers);
    peers += 1;
    await waitFor(() =>
      expect(api.callsTo('POST /v1/devices/7/vnc').at(-1)?.body).toEqual({ mode: 'view', max_minutes: 5 }),
    );
    await second.next('auth');
    ready(second, 'view');
    expect((await rfb()).viewOnly).toBe(true);
    expect((await screen.findByTestId('remote-mode')).textContent).toBe(i18next.t('remote:status.viewOnly'));
  });

  it("asks for the HMI's VNC password when its server wants one", async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    api.routes.set('POST /v1/devices/7/vnc', () => opened('control'));
    const peer = await openSession();
    await peer.next('auth');
    ready(peer, 'control');
    const client = await rfb();
    act(
      () =>
        void client.dispatchEvent(
          new CustomEvent('credentialsrequired', { detail: { types: ['password'] } }),
        ),
    );
    const input = await screen.findByTestId('remote-password-input');
    fireEvent.change(input, { target: { value: 'panel' } });
    fireEvent.click(within(document.body).getByTestId('remote-password-submit'));
    expect(client.credentials).toEqual([{ password: 'panel' }]);
  });

  it('shows a refusal of the open call and stays on the form', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    api.routes.set('POST /v1/devices/7/vnc', () => refuse(ErrorCode.NO_TRAFFIC));
    renderPage(<RemoteView deviceId={7} socketUrl={relay.url} onBack={() => undefined} />);
    fireEvent.click(await screen.findByTestId('remote-open'));
    expect(await screen.findByText(i18next.t('errors.1204'))).toBeTruthy();
    expect(screen.getByTestId('remote-open')).toBeTruthy();
    expect(screen.queryByTestId('remote-held')).toBeNull();
  });

  it.each([0, 481])('refuses a maximum duration of %i in the form instead of changing it', async (typed) => {
    await signInAs(api, { is_main: true, permissions: [] });
    api.routes.set('POST /v1/devices/7/vnc', () => opened('control'));
    const before = api.callsTo('POST /v1/devices/7/vnc').length;
    const view = renderPage(<RemoteView deviceId={7} socketUrl={relay.url} onBack={() => undefined} />);
    const input = await screen.findByTestId('remote-max-minutes');
    fireEvent.change(input, { target: { value: String(typed) } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByTestId('remote-open'));
    expect(await screen.findByText(i18next.t('remote:setup.maxMinutesRange', { max: 480 }))).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe(String(typed));
    expect(api.callsTo('POST /v1/devices/7/vnc')).toHaveLength(before);
    view.unmount();
  });

  it('says up front that the device is offline and its traffic switch off', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    const view = renderPage(
      <RemoteView
        deviceId={7}
        socketUrl={relay.url}
        onBack={() => undefined}
        blockers={['offline', 'trafficOff']}
      />,
    );
    expect((await screen.findByTestId('remote-blocked-offline')).textContent).toBe(
      i18next.t('remote:setup.blocked.offline'),
    );
    expect(screen.getByTestId('remote-blocked-trafficOff').textContent).toBe(
      i18next.t('remote:setup.blocked.trafficOff'),
    );
    view.unmount();
  });
});
