// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '.';

afterEach(cleanup);

describe('the console’s icons', () => {
  it('are hidden from assistive technology: no role, no English name', () => {
    const { container } = render(<PlusOutlined />);
    const icon = container.querySelector('.anticon-plus');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.hasAttribute('aria-label')).toBe(false);
    expect(icon?.hasAttribute('role')).toBe(false);
  });

  it('leave a button with text named by its text alone', () => {
    render(<Button icon={<PlusOutlined />}>绑定设备</Button>);
    expect(screen.getByRole('button').textContent).toBe('绑定设备');
    expect(screen.getByRole('button', { name: '绑定设备' })).toBeTruthy();
  });

  it('name an icon-only button with the translated label the caller gives', () => {
    render(<Button icon={<DeleteOutlined aria-label="删除" />} />);
    expect(screen.getByRole('img', { name: '删除' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /delete/ })).toBeNull();
  });
});
