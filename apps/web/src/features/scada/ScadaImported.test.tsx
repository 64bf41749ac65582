// @vitest-environment jsdom
/**
 * The widgets FUXA screens are imported into: a drop-down and a slider write what is chosen (after
 * the screen's confirmation), a symbol is filled by its value's range, a value shows numbers as
 * FUXA does (1200, not 1200.0), and a link to a dialog view asks for a dialog.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { screenDocument, TagDataType, widgetAt } from '@hmi/contract';
import { renderPage, setLanguage } from '../../test/render';
import { screenOf } from '../../test/screenFixtures';
import type { LiveDevice } from '../../live/types';
import { ScadaView } from './ScadaView';
import type { CommandOutcome, Writer } from './writes';

const DEVICE = 7;

function liveWith(values: Record<string, string>) {
  const device: LiveDevice = {
    values: new Map(Object.entries(values).map(([tag, value]) => [tag, { value, ts: 0 }])),
  };
  return {
    narrow: () => undefined,
    watch: () => () => undefined,
    device: (id: number) => (id === DEVICE ? device : undefined),
    onDevices: () => () => undefined,
    version: 0,
    onValues: () => () => undefined,
    onCommand: () => () => undefined,
    onReady: () => () => undefined,
  };
}

const SYMBOL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18"></circle></svg>';

const plant = screenOf(
  screenDocument.parse({
    version: 1,
    width: 600,
    height: 300,
    widgets: [
      widgetAt('mode', [0, 0, 120, 30], {
        type: 'select',
        binding: { tag: 'state' },
        props: {
          options: [
            { value: 0, text: 'OFF' },
            { value: 150, text: 'NORMAL', background: '#00ff00' },
            { value: 250, text: 'MAX' },
          ],
        },
      }),
      widgetAt('speed', [0, 40, 200, 30], {
        type: 'slider',
        binding: { tag: 'setpoint' },
        props: { min: 10, max: 90, step: 5 },
      }),
      widgetAt('motor', [300, 0, 40, 40], {
        type: 'symbol',
        binding: { tag: 'state' },
        ranges: [{ min: 100, max: 200, color: '#00b0f0' }],
        props: { svg: SYMBOL, color: '#ffffff' },
      }),
      widgetAt('rpm', [0, 100, 150, 30], {
        type: 'value',
        binding: { tag: 'speed' },
        props: { unit: 'rpm', format: 'auto', decimals: 5 },
      }),
      widgetAt('tw', [200, 100, 100, 30], {
        type: 'input',
        binding: { tag: 'level' },
        props: { format: 'auto', decimals: 5 },
      }),
      widgetAt('more', [0, 150, 80, 30], {
        type: 'button',
        props: { text: 'More' },
        action: { kind: 'goto', screen_id: 12, dialog: true },
      }),
    ],
  }),
);

function setup(values: Record<string, string>) {
  const writer: Writer = {
    write: vi.fn(() => Promise.resolve<CommandOutcome>({ status: 'done', error: null })),
    tag: () => Promise.resolve({ id: 11, data_type: TagDataType.INT32 }),
    dispose: () => undefined,
  };
  const onGoto = vi.fn();
  renderPage(
    <ScadaView
      screen={plant}
      deviceId={DEVICE}
      canWrite
      onGoto={onGoto}
      writer={writer}
      live={liveWith(values)}
    />,
  );
  return { writer, onGoto };
}

const confirmWrite = async () => fireEvent.click(await screen.findByRole('button', { name: 'Write' }));

describe('imported FUXA widgets in the viewer', () => {
  it('a drop-down shows the choice of the value and writes the one picked, once confirmed', async () => {
    await setLanguage('en-US');
    const { writer } = setup({ state: '150' });
    const select = await screen.findByTestId<HTMLSelectElement>('scada-select-mode');
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('NORMAL'));
    expect(select.style.background).toContain('rgb(0, 255, 0)');
    fireEvent.change(select, { target: { value: '2' } });
    expect(writer.write).not.toHaveBeenCalled();
    await confirmWrite();
    await waitFor(() => expect(writer.write).toHaveBeenCalledWith(DEVICE, 'state', '250'));
  });

  it('a slider writes where it is let go, not while it moves', async () => {
    await setLanguage('en-US');
    const { writer } = setup({ setpoint: '30' });
    const slider = await screen.findByTestId<HTMLInputElement>('scada-slider-speed');
    await waitFor(() => expect(slider.value).toBe('30'));
    fireEvent.change(slider, { target: { value: '45' } });
    fireEvent.change(slider, { target: { value: '50' } });
    expect(screen.queryByRole('button', { name: 'Write' })).toBeNull();
    fireEvent.pointerUp(slider);
    await confirmWrite();
    await waitFor(() => expect(writer.write).toHaveBeenCalledWith(DEVICE, 'setpoint', '50'));
    expect(writer.write).toHaveBeenCalledTimes(1);
  });

  it('fills a symbol by its range, shows numbers as FUXA does and opens a dialog view as a dialog', async () => {
    await setLanguage('en-US');
    const { onGoto } = setup({ state: '150', speed: '1200', level: '25' });
    const motor = await screen.findByTestId('scada-symbol-motor');
    await waitFor(() => expect(motor.getAttribute('data-fill')).toBe('#00b0f0'));
    expect(decodeURIComponent(motor.getAttribute('src') ?? '')).toContain('<svg fill="#00b0f0" xmlns=');
    await waitFor(() =>
      expect(screen.getByTestId('scada-value-rpm').getAttribute('aria-label')).toBe('1200rpm'),
    );
    expect(screen.getByTestId('scada-input-tw').textContent).toBe('25');
    fireEvent.click(screen.getByTestId('scada-button-more'));
    expect(onGoto).toHaveBeenCalledWith(12, true);
  });
});
