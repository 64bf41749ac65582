/** The edit and delete links of a table row; each shows only when its handler is given (permission). */
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  /** Test ids are `<testId>-edit-<id>` and `<testId>-delete-<id>`. */
  testId: string;
  id: number;
  onEdit?: (() => void) | false;
  onDelete?: (() => void) | false;
}

export function RowActions({ testId, id, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {onEdit && (
        <Button type="link" size="small" onClick={onEdit} data-testid={`${testId}-edit-${id}`}>
          {t('common.edit')}
        </Button>
      )}
      {onDelete && (
        <Button type="link" size="small" danger onClick={onDelete} data-testid={`${testId}-delete-${id}`}>
          {t('common.delete')}
        </Button>
      )}
    </Space>
  );
}

interface RowActionsColumn<T> {
  title: string;
  testId: string;
  onEdit?: ((row: T) => void) | false;
  onDelete?: ((row: T) => void) | false;
  width?: number;
}

/** The actions column of a table (fixed on the right); no column when neither link is allowed. */
export function rowActionsColumn<T extends { id: number }>({
  title,
  testId,
  onEdit,
  onDelete,
  width,
}: RowActionsColumn<T>): ColumnsType<T> {
  if (!onEdit && !onDelete) return [];
  return [
    {
      title,
      key: 'actions',
      fixed: 'right',
      width,
      render: (_, row) => (
        <RowActions
          testId={testId}
          id={row.id}
          onEdit={onEdit && (() => onEdit(row))}
          onDelete={onDelete && (() => onDelete(row))}
        />
      ),
    },
  ];
}
