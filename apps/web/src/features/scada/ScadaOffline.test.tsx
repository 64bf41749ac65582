// @vitest-environment jsdom
/**
 * An offline device greys every widget showing it: the trend (bound through its TAG list, not a
 * binding) and the alarm banner (its devices) as well as value widgets; another device's widgets
 * stay live. A project screen, so each widget names its device.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { DeviceOnline, screenDocument } from '@hmi/contract';
import { renderPage, setLanguage } from '../../test/render';
import { screenOf } from '../../test/screenFixtures';
import type { LiveDevice } from '../../live/types';
import { ScadaView } from './ScadaView';
import type { Writer } from './writes';

// The banner's alarm list: none (the test is about greying, not about the list).
vi.mock('../../api/alarms', () => ({ listAlarms: () => Promise.resolve({ list: [], total: 0 }) }));

const OVEN = 11;
const PRESS = 12;

function fakeLive() {
  const states = new Map<number, LiveDevice>([
    [OVEN, { values: new Map(), online: { online: DeviceOnline.ONLINE, at: 0 } }],
    [PRESS, { values: new Map(), online: { online: DeviceOnline.ONLINE, at: 0 } }],
  ]);
  let version = 0;
  const devices = new Set<() => void>();
  return {
    watched: [] as number[][],
    narrow: () => undefined,
    watch(ids: readonly number[]) {
      this.watched.push([...ids]);
      return () => undefined;
    },
    device: (id: number) => states.get(id),
    onDevices: (fn: () => void) => (devices.add(fn), () => void devices.delete(fn)),
    get version() {
      return version;
    },
    onValues: () => () => undefined,
    onCommand: () => () => undefined,
    onReady: () => () => undefined,
    online(id: number, online: number) {
      const d = states.get(id);
      if (d) states.set(id, { ...d, online: { online, at: 0 } });
      version += 1;
      devices.forEach((fn) => fn());
    },
  };
}

const box = { x: 0, y: 0, w: 100, h: 40 };
const doc = screenDocument.parse({
  version: 1,
  width: 400,
  height: 300,
  widgets: [
    { ...box, id: 'temp', type: 'value', binding: { device_id: OVEN, tag: 'temperature' } },
    { ...box, id: 'curve', type: 'trend', props: { tags: [{ device_id: OVEN, tag: 'temperature' }] } },
    { ...box, id: 'alarms', type: 'alarm_banner', props: { device_ids: [OVEN] } },
    { ...box, id: 'force', type: 'value', binding: { device_id: PRESS, tag: 'force' } },
    { ...box, id: 'press-alarms', type: 'alarm_banner', props: { device_ids: [PRESS] } },
  ],
});
const line = screenOf(doc, { id: 2, name: 'Line', template_id: null, project_id: 4 });
const writer: Writer = {
  write: () => Promise.resolve({ status: 'done', error: null }),
  tag: () => Promise.resolve(undefined),
  dispose: () => undefined,
};

const offline = (id: string) => screen.getByTestId(`scada-widget-${id}`).getAttribute('data-offline');

describe('ScadaView offline', () => {
  it('greys the trend and the alarm banner of an offline device, not the other device', async () => {
    await setLanguage('en-US');
    const live = fakeLive();
    renderPage(
      <ScadaView
        screen={line}
        deviceId={null}
        live={live}
        canWrite
        onGoto={() => undefined}
        writer={writer}
      />,
    );
    expect(live.watched).toEqual([[OVEN, PRESS]]);
    for (const id of ['temp', 'curve', 'alarms', 'force', 'press-alarms']) expect(offline(id)).toBe('false');

    act(() => live.online(OVEN, DeviceOnline.OFFLINE));
    for (const id of ['temp', 'curve', 'alarms']) expect(offline(id)).toBe('true');
    for (const id of ['force', 'press-alarms']) expect(offline(id)).toBe('false');

    act(() => live.online(OVEN, DeviceOnline.ONLINE));
    for (const id of ['temp', 'curve', 'alarms']) expect(offline(id)).toBe('false');
  });
});
