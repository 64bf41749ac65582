import type { ReactNode } from 'react';
import { Button, Card, Space, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '../ui/icons';
import { ListTable, type ListRows } from './ListTable';

export interface AddAction {
  testId: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

interface ListPageProps<T> {
  testId: string;
  title: ReactNode;
  /** The primary add button; false while the permission to add is not held. */
  add: AddAction | false;
  /** Header buttons before the add button. */
  actions?: ReactNode;
  /** What stands between the header and the table: help, filters. */
  toolbar?: ReactNode;
  tableTestId: string;
  columns: ColumnsType<T>;
  list: ListRows<T>;
  size?: TableProps<T>['size'];
  /** The page's dialogs and drawers. */
  children?: ReactNode;
}

/** A list page: a card with its title and add button over a paged table wide enough for its columns. */
export function ListPage<T extends { id: number }>({
  testId,
  title,
  add,
  actions,
  toolbar,
  tableTestId,
  columns,
  list,
  size,
  children,
}: ListPageProps<T>) {
  const addButton = add && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={add.disabled}
      onClick={add.onClick}
      data-testid={add.testId}
    >
      {add.label}
    </Button>
  );
  return (
    <Card
      data-testid={testId}
      title={title}
      extra={
        actions ? (
          <Space>
            {actions}
            {addButton}
          </Space>
        ) : (
          addButton
        )
      }
    >
      {toolbar}
      <ListTable<T> size={size} data-testid={tableTestId} columns={columns} list={list} />
      {children}
    </Card>
  );
}
