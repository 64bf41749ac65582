// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Form, Input, Select } from 'antd';
import { renderPage, setLanguage } from '../test/render';

describe('antd’s own icon buttons are named in the interface language', () => {
  beforeEach(() => setLanguage('zh-CN'));

  it('the search button of a search box', () => {
    renderPage(<Input.Search placeholder="设备名称" />);
    expect(screen.getByRole('button', { name: '搜索' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'search' })).toBeNull();
  });

  it.each([
    ['zh-CN', '显示密码', '隐藏密码'],
    ['zh-TW', '顯示密碼', '隱藏密碼'],
    ['en-US', 'Show password', 'Hide password'],
  ] as const)(
    '%s: the password toggle, in the Tab order, named for what it shows, with a target of 24 px',
    async (locale, show, hide) => {
      await setLanguage(locale);
      const { container } = renderPage(<Input.Password />);
      const toggle = screen.getByRole('button', { name: show });
      expect(toggle.tabIndex).toBe(0);
      expect(toggle.getAttribute('aria-pressed')).toBe('false');
      expect(toggle.querySelector<HTMLElement>('.anticon')?.style.padding).toBe('5px');
      // Its icon adds no name of its own (antd's would be "eye-invisible").
      expect(screen.queryByRole('img')).toBeNull();
      fireEvent.keyDown(toggle, { key: 'Enter' });
      expect(screen.getByRole('button', { name: hide }).getAttribute('aria-pressed')).toBe('true');
      expect(container.querySelector('input')?.type).toBe('text');
    },
  );
});

describe('an open select’s option list is named after its field', () => {
  beforeEach(() => setLanguage('en-US'));

  const open = (combobox: HTMLElement) =>
    fireEvent.mouseDown(combobox.closest('.ant-select')?.querySelector('.ant-select-content') ?? combobox);

  it('by the Form.Item label', async () => {
    renderPage(
      <Form>
        <Form.Item name="level" label="Alarm level">
          <Select options={[{ value: 1, label: 'Urgent' }]} />
        </Form.Item>
      </Form>,
    );
    open(screen.getByRole('combobox', { name: 'Alarm level' }));
    expect(await screen.findByRole('listbox', { name: 'Alarm level' })).toBeTruthy();
  });

  it('by the select’s own aria-label (a list filter)', async () => {
    renderPage(<Select aria-label="All states" options={[{ value: 1, label: 'Online' }]} />);
    open(screen.getByRole('combobox', { name: 'All states' }));
    expect(await screen.findByRole('listbox', { name: 'All states' })).toBeTruthy();
  });
});
