// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { TagDataType } from '@hmi/contract';
import { pick } from '../../../test/alarmFixtures';
import { i18next, renderPage, setLanguage } from '../../../test/render';
import { TagTableEditor } from './TagTableEditor';
import { emptyRow } from './tagRows';

/** The input of the field marked `testId` (an AutoComplete marks its wrapper). */
const inputOf = (testId: string) => {
  const marked = screen.getByTestId(testId);
  return marked.tagName === 'INPUT' ? marked : (marked.querySelector('input') ?? marked);
};
const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

describe('TagTableEditor', { timeout: 20000 }, () => {
  beforeEach(() => setLanguage('zh-CN'));

  it('checks each default value against its row type with the translated message and blocks saving', async () => {
    const onSave = vi.fn();
    const rows = [
      { ...emptyRow(TagDataType.BOOL), name: 'Run' },
      { ...emptyRow(TagDataType.UINT16), name: 'Speed' },
      { ...emptyRow(TagDataType.FLOAT), name: 'Temp' },
      { ...emptyRow(TagDataType.STRING), name: 'Batch' },
    ];
    renderPage(<TagTableEditor initial={rows} editable onSave={onSave} />);
    type('tag-default-0', '2');
    type('tag-default-1', '70000');
    type('tag-default-2', 'warm');
    type('tag-default-3', 'any text');
    expect(screen.getByTestId('tag-default-error-0').textContent).toBe(i18next.t('validation:tagValueBool'));
    expect(screen.getByTestId('tag-default-error-1').textContent).toBe(i18next.t('validation:tagValueRange'));
    expect(screen.getByTestId('tag-default-error-2').textContent).toBe(
      i18next.t('validation:tagValueNumber'),
    );
    expect(screen.queryByTestId('tag-default-error-3')).toBeNull();

    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByTestId('tag-invalid')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    type('tag-default-0', '1');
    type('tag-default-1', '65535');
    type('tag-default-2', '-1.5e3');
    expect(screen.queryByTestId('tag-default-error-0')).toBeNull();
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(onSave).toHaveBeenCalledTimes(1);
    const saved = onSave.mock.calls[0]?.[0] as { default_value: string }[];
    expect(saved.map((r) => r.default_value)).toEqual(['1', '65535', '-1.5e3', 'any text']);
  });

  it('refuses duplicate names in English', async () => {
    await setLanguage('en-US');
    renderPage(
      <TagTableEditor
        initial={[
          { ...emptyRow(), name: 'A' },
          { ...emptyRow(), name: 'A' },
        ]}
        editable
      />,
    );
    expect(screen.getByTestId('tag-name-error-1').textContent).toBe('TAG names must be unique in a template');
  });

  it('composes the address type from a connection and an area, checks the address as it is typed and shows examples', async () => {
    await setLanguage('en-US');
    const onSave = vi.fn();
    const rows = [
      { ...emptyRow(TagDataType.FLOAT), name: 'Setpoint', access: 2 },
      { ...emptyRow(TagDataType.UINT16), name: 'Local' },
    ];
    renderPage(<TagTableEditor initial={rows} editable onSave={onSave} />);
    // Not polled: no address to give, no examples.
    expect(screen.queryByTestId('tag-address-examples-0')).toBeNull();

    type('tag-connection-0', 'plc1');
    await pick('tag-area-0', '4x holding register');
    expect(screen.getByTestId('tag-address-examples-0').textContent).toBe(
      'Examples: 100, 100@CDAB (word-swapped), 100@DCBA (little-endian)',
    );
    expect(inputOf('tag-address-0').getAttribute('placeholder')).toBe('n[.bit][#count][@order]');

    type('tag-address-0', '100.3');
    expect(screen.getByTestId('tag-address-error-0').textContent).toBe(i18next.t('validation:addressBit'));
    type('tag-address-0', '65535');
    expect(screen.getByTestId('tag-address-error-0').textContent).toBe(i18next.t('validation:addressRange'));
    // A float in a bool area: the type is named.
    await pick('tag-area-0', '1x discrete input');
    expect(screen.getByTestId('tag-address-type-error-0').textContent).toBe(
      i18next.t('validation:addressDataType'),
    );
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(onSave).not.toHaveBeenCalled();

    await pick('tag-area-0', '4x holding register');
    expect(screen.queryByTestId('tag-address-type-error-0')).toBeNull();
    type('tag-address-0', '100@CDAB');
    expect(screen.queryByTestId('tag-address-error-0')).toBeNull();
    await setLanguage('zh-TW');
    expect(screen.getByTestId('tag-address-examples-0').textContent).toBe(
      '範例：100、100@CDAB（字交換）、100@DCBA（小端序）',
    );
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(onSave).toHaveBeenCalledTimes(1);
    const saved = onSave.mock.calls[0]?.[0] as { address_type: string; address: string }[];
    expect(saved.map((r) => [r.address_type, r.address])).toEqual([
      ['plc1:4x', '100@CDAB'],
      ['', ''],
    ]);
  });
});
