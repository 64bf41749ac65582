// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Input } from 'antd';
import { renderPage, setLanguage } from '../test/render';

describe('antd’s own icon buttons are named in the interface language', () => {
  beforeEach(() => setLanguage('zh-CN'));

  it('the search button of a search box', () => {
    renderPage(<Input.Search placeholder="设备名称" />);
    expect(screen.getByRole('button', { name: '搜索' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'search' })).toBeNull();
  });

  it('the password toggle, with a target of 24 px', () => {
    renderPage(<Input.Password />);
    const toggle = screen.getByRole('img', { name: '显示密码' });
    expect(toggle.style.padding).toBe('5px');
    expect(screen.queryByRole('img', { name: 'eye-invisible' })).toBeNull();
  });
});
