// @vitest-environment jsdom
/**
 * The SCADA input widget's write dialog parses what is typed strictly by the TAG's data type (the
 * contract's parseTypedValue): `2O` is not written as 2, `abc` not as the old value; each is refused
 * in the dialog with the field's message, and only a value that is wholly valid is written.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

const oven = screenOf(
  screenDocument.parse({
    version: 1,
    width: 400,
    height: 200,
    widgets: [
      widgetAt('sp', [0, 0, 100, 30], {
        type: 'input',
        binding: { tag: 'setpoint' },
        action: { kind: 'input', min: 0, max: 300 },
      }),
    ],
  }),
);

function setup() {
  const writer: Writer = {
    write: vi.fn(() => Promise.resolve<CommandOutcome>({ status: 'done', error: null })),
    tag: (_, tag) =>
      Promise.resolve(tag === 'setpoint' ? { id: 11, data_type: TagDataType.INT32 } : undefined),
    dispose: () => undefined,
  };
  const props = { screen: oven, deviceId: DEVICE, canWrite: true, onGoto: () => undefined, writer };
  renderPage(<ScadaView {...props} live={liveWith({ setpoint: '30' })} />);
  return writer;
}

const type = (text: string) =>
  fireEvent.change(screen.getByTestId('scada-input-value'), { target: { value: text } });

describe('the SCADA input dialog', () => {
  it('refuses 2O and abc with the field message and writes nothing; writes a valid value as typed', async () => {
    await setLanguage('en-US');
    const writer = setup();
    // The widget shows the live value once the value store's frame ran; the dialog starts from it.
    const widget = await screen.findByTestId('scada-input-sp');
    await waitFor(() => expect(widget.textContent).toContain('30'));
    fireEvent.click(widget);
    expect(await screen.findByTestId('scada-input-value')).toHaveProperty('value', '30');

    for (const typed of ['2O', 'abc']) {
      type(typed);
      expect(screen.getByTestId('scada-input-error').textContent).toBe('Please enter an integer');
      fireEvent.click(screen.getByRole('button', { name: 'Write' }));
      // The dialog stays open with what was typed; nothing is written.
      await act(() => Promise.resolve());
      expect(screen.getByTestId('scada-input-value')).toHaveProperty('value', typed);
    }
    type('301');
    expect(screen.getByTestId('scada-input-error').textContent).toBe('The value is out of the allowed range');
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    await act(() => Promise.resolve());
    expect(writer.write).not.toHaveBeenCalled();

    type('25');
    expect(screen.queryByTestId('scada-input-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    await waitFor(() => expect(writer.write).toHaveBeenCalledWith(DEVICE, 'setpoint', '25'));
    expect(writer.write).toHaveBeenCalledTimes(1);
  });
});
