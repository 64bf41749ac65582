// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage, setLanguage } from '../test/render';
import { ListTable, phoneColumns } from './ListTable';

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

describe('phoneColumns', () => {
  const columns = [
    { key: 'favourite', width: 48 },
    { key: 'name', title: 'Name' },
    { key: 'sn', title: 'SN' },
    { key: 'model', title: 'Model' },
    { key: 'actions', title: 'Actions', fixed: 'right' as const },
  ];

  it('brings the actions right after the row name and fixes no column, so they are on a phone screen', () => {
    const shown = phoneColumns(columns) ?? [];
    expect(shown.map((c) => c.key)).toEqual(['favourite', 'name', 'actions', 'sn', 'model']);
    expect(shown.every((c) => c.fixed === undefined)).toBe(true);
  });

  it('leaves the order of a table without an actions column, or with it already beside the name', () => {
    expect(phoneColumns(columns.slice(0, 4))?.map((c) => c.key)).toEqual([
      'favourite',
      'name',
      'sn',
      'model',
    ]);
    const near = [columns[1], columns[4], columns[2]].filter((c) => c !== undefined);
    expect(phoneColumns(near)?.map((c) => c.key)).toEqual(['name', 'actions', 'sn']);
  });
});
