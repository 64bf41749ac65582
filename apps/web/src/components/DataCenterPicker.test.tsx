// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18next, loginConfig, renderPage } from '../test/render';
import { DATA_CENTER_KEY, DataCenterPicker, readDataCenter } from './DataCenterPicker';
import * as account from '../api/account';

vi.mock('../api/account', () => ({ getLoginConfig: vi.fn() }));

describe('DataCenterPicker', { timeout: 20000 }, () => {
  beforeEach(() => {
    vi.mocked(account.getLoginConfig).mockResolvedValue(loginConfig);
  });

  // First: once loaded, the select stays loaded for the file's later tests.
  it('is a light combobox until used; a key press loads the select and opens it', async () => {
    renderPage(<DataCenterPicker />);
    const trigger = screen.getByRole('combobox', { name: i18next.t('auth:dataCenter.label') });
    expect(document.querySelector('.ant-select')).toBeNull();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await screen.findByRole('listbox');
    expect(document.querySelector('.ant-select')).not.toBeNull();
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('combobox'));
  });

  it("stores this deployment's data centre and host when nothing was picked", async () => {
    renderPage(<DataCenterPicker />);
    await waitFor(() =>
      expect(readDataCenter()).toEqual({ data_center: 'cn', host: 'https://cn.example.test' }),
    );
    expect(screen.getByRole('img', { name: i18next.t('auth:dataCenter.cn') })).toBeTruthy();
  });

  it('offers Europe, China and India with flags and stores the pick with its host', async () => {
    const onChange = vi.fn();
    renderPage(<DataCenterPicker onChange={onChange} />);
    await waitFor(() => expect(readDataCenter()).not.toBeNull());
    fireEvent.mouseDown(screen.getByRole('combobox'));
    for (const dc of ['eu', 'cn', 'in'])
      expect(
        (await screen.findAllByRole('img', { name: i18next.t(`auth:dataCenter.${dc}`) })).length,
      ).toBeGreaterThan(0);
    const europe = await screen.findAllByText(i18next.t('auth:dataCenter.eu'));
    fireEvent.click(europe[europe.length - 1] as HTMLElement);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('eu'));
    expect(JSON.parse(window.localStorage.getItem(DATA_CENTER_KEY) ?? 'null')).toEqual({
      data_center: 'eu',
      host: 'https://eu.example.test',
    });
  });

  it('keeps a stored choice', async () => {
    window.localStorage.setItem(
      DATA_CENTER_KEY,
      JSON.stringify({ data_center: 'in', host: 'https://in.example.test' }),
    );
    renderPage(<DataCenterPicker />);
    expect(screen.getByRole('img', { name: i18next.t('auth:dataCenter.in') })).toBeTruthy();
    await waitFor(() => expect(account.getLoginConfig).toHaveBeenCalled());
    expect(readDataCenter()?.data_center).toBe('in');
  });
});
