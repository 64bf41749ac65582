// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage, setLanguage } from '../test/render';
import { ListTable } from './ListTable';

const rows = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `HMI ${i + 1}` }));

describe('ListTable pagination', () => {
  beforeEach(() => setLanguage('zh-CN'));

  it('names its arrow buttons in the locale, not with the icons’ English names', () => {
    renderPage(
      <ListTable
        columns={[{ dataIndex: 'name', title: '名称' }]}
        list={{
          data: { list: rows.slice(50, 60) },
          loading: false,
          pagination: { current: 6, pageSize: 10, total: rows.length },
        }}
      />,
    );
    expect(screen.getByRole('button', { name: '上一页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /left|right/ })).toBeNull();
  });
});
