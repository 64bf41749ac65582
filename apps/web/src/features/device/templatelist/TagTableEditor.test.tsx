// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { TagDataType } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../../test/render';
import { TagTableEditor } from './TagTableEditor';
import { emptyRow } from './tagRows';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

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
});
