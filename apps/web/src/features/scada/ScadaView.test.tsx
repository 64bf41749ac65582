// @vitest-environment jsdom
/**
 * The viewer with a stand-in live connection and writer: values arrive without a reload, an offline
 * device greys its widgets, the switch writes after a confirmation with pending then done feedback,
 * a goto opens another screen, and the artwork is drawn as an image (nothing in it can run).
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { screenDocument, toggleSwitch, widgetAt } from '@hmi/contract';
import { renderPage, setLanguage } from '../../test/render';
import { screenOf } from '../../test/screenFixtures';
import type { LiveDevice, TagSample } from '../../live/types';
import { ScadaView } from './ScadaView';
import type { CommandOutcome, Writer } from './writes';

const DEVICE = 7;

function fakeLive() {
  let device: LiveDevice = { values: new Map() };
  let version = 0;
  const values = new Set<() => void>();
  const devices = new Set<() => void>();
  return {
    watched: [] as number[][],
    narrowed: [] as [number, readonly string[] | null][],
    narrow(id: number, tags: readonly string[] | null) {
      this.narrowed.push([id, tags]);
    },
    watch(ids: readonly number[]) {
      this.watched.push([...ids]);
      return () => undefined;
    },
    device: (id: number) => (id === DEVICE ? device : undefined),
    onDevices: (fn: () => void) => (devices.add(fn), () => void devices.delete(fn)),
    get version() {
      return version;
    },
    onValues: (_: number, fn: () => void) => (values.add(fn), () => void values.delete(fn)),
    onCommand: () => () => undefined,
    onReady: () => () => undefined,
    push(tag: string, value: string) {
      const next = new Map(device.values);
      next.set(tag, { value, ts: Date.now() } satisfies TagSample);
      device = { ...device, values: next };
      values.forEach((fn) => fn());
    },
    /** A bad sample as the live cache holds it: the last good value with the reason. */
    pushBad(tag: string, q: string) {
      const next = new Map(device.values);
      next.set(tag, { value: next.get(tag)?.value ?? '', ts: Date.now(), q } satisfies TagSample);
      device = { ...device, values: next };
      values.forEach((fn) => fn());
    },
    online(online: number) {
      device = { ...device, online: { online, at: 0 } };
      version += 1;
      devices.forEach((fn) => fn());
    },
  };
}

const doc = screenDocument.parse({
  version: 1,
  width: 400,
  height: 200,
  artwork: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
  widgets: [
    widgetAt('temp', [0, 0, 100, 30], {
      type: 'value',
      binding: { tag: 'temperature' },
      props: { unit: '°C' },
    }),
    toggleSwitch('run', [0, 40, 80, 30], { tag: 'running' }),
    widgetAt('next', [0, 80, 80, 30], {
      type: 'button',
      props: { text: 'Next' },
      action: { kind: 'goto', screen_id: 9 },
    }),
  ],
});
const oven = screenOf(doc);

function setup(canWrite = true) {
  const live = fakeLive();
  let finish: (o: CommandOutcome) => void = () => undefined;
  const writer: Writer = {
    write: vi.fn(() => new Promise<CommandOutcome>((resolve) => (finish = resolve))),
    tag: () => Promise.resolve(undefined),
    dispose: () => undefined,
  };
  const onGoto = vi.fn();
  const props = { screen: oven, deviceId: DEVICE, live, canWrite, onGoto, writer };
  renderPage(<ScadaView {...props} />);
  return { live, writer, onGoto, finish: (o: CommandOutcome) => act(() => finish(o)) };
}

describe('ScadaView', () => {
  it('shows live values, greys an offline device and draws the artwork as an image', async () => {
    await setLanguage('en-US');
    const { live } = setup();
    expect(live.watched).toEqual([[DEVICE]]);
    // Only the bound TAGs are asked for.
    expect(live.narrowed).toEqual([[DEVICE, ['temperature', 'running']]]);
    const img = document.querySelector('.scada-artwork');
    expect(img?.tagName).toBe('IMG');
    expect(img?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(document.querySelector('[data-testid="scada-stage"] svg rect')).toBeNull();

    act(() => live.push('temperature', '21.25'));
    await waitFor(() =>
      expect(screen.getByTestId('scada-value-temp').getAttribute('aria-label')).toBe('21.3°C'),
    );
    act(() => live.push('temperature', '22'));
    await waitFor(() =>
      expect(screen.getByTestId('scada-value-temp').getAttribute('aria-label')).toBe('22.0°C'),
    );

    expect(screen.getByTestId('scada-widget-temp').getAttribute('data-offline')).toBe('false');
    act(() => live.online(0));
    expect(screen.getByTestId('scada-widget-temp').getAttribute('data-offline')).toBe('true');
    expect(screen.getByTestId('scada-widget-run').getAttribute('data-offline')).toBe('true');
  });

  it('writes the switch after a confirmation, pending then done; a goto opens the screen', async () => {
    await setLanguage('en-US');
    const { live, writer, onGoto, finish } = setup();
    act(() => live.push('running', '0'));
    await waitFor(() => expect(screen.getByTestId('scada-switch-run').getAttribute('data-on')).toBe('false'));
    fireEvent.click(screen.getByTestId('scada-switch-run'));
    await screen.findByText('Write ON to TAG running?');
    expect(writer.write).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    await waitFor(() => expect(writer.write).toHaveBeenCalledWith(DEVICE, 'running', '1'));
    await waitFor(() =>
      expect(screen.getByTestId('scada-feedback-run').getAttribute('data-state')).toBe('pending'),
    );
    finish({ status: 'done', error: null });
    await waitFor(() =>
      expect(screen.getByTestId('scada-feedback-run').getAttribute('data-state')).toBe('done'),
    );

    fireEvent.click(screen.getByTestId('scada-button-next'));
    expect(onGoto).toHaveBeenCalledWith(9, false);
  });

  it('greys a bad value with its reason in words; a refused write says the PLC exception by name', async () => {
    await setLanguage('en-US');
    const { live, finish } = setup();
    act(() => live.push('temperature', '21.25'));
    act(() => live.pushBad('temperature', 'disconnected'));
    const value = screen.getByTestId('scada-value-temp');
    await waitFor(() => expect(value.getAttribute('data-quality')).toBe('bad'));
    expect(value.getAttribute('title')).toBe('Bad value: no connection to the PLC');
    expect(value.getAttribute('aria-description')).toBe('Bad value: no connection to the PLC');
    expect(value.getAttribute('aria-label')).toBe('21.3°C');

    // A control bound to a bad TAG greys too, with the reason, and still writes.
    act(() => live.push('running', '0'));
    act(() => live.pushBad('running', 'config:unknown connection'));
    const control = screen.getByTestId('scada-switch-run');
    await waitFor(() => expect(control.getAttribute('data-quality')).toBe('bad'));
    expect(control.classList.contains('scada-bad')).toBe(true);
    expect(control.getAttribute('title')).toBe(
      "Bad value: the TAG's connection is not in the gateway's configuration file",
    );
    fireEvent.click(control);
    fireEvent.click(await screen.findByRole('button', { name: 'Write' }));
    await waitFor(() =>
      expect(screen.getByTestId('scada-feedback-run').getAttribute('data-state')).toBe('pending'),
    );
    finish({ status: 'failed', error: 'exception:2' });
    await waitFor(() =>
      expect(screen.getByTestId('scada-feedback-run').getAttribute('data-state')).toBe('failed'),
    );
    expect(
      screen.getByTestId('scada-feedback-run').querySelector('[aria-label]')?.getAttribute('aria-label'),
    ).toContain('the PLC refused: exception 2 (illegal data address)');
  });

  it('offers no write without HMI operation (id 6)', async () => {
    await setLanguage('en-US');
    setup(false);
    expect(screen.getByTestId('scada-switch-run')).toHaveProperty('disabled', true);
    // A goto is navigation, not a write.
    expect(screen.getByTestId('scada-button-next')).toHaveProperty('disabled', false);
  });
});
