/** The edit and delete links of a table row; each shows only when its handler is given (permission). */
import { Button, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  /** Test ids are `<testId>-edit-<id>` and `<testId>-delete-<id>`. */
  testId: string;
  id: number;
  onEdit?: (() => void) | false;
  onDelete?: (() => void) | false;
  /** Why the row cannot be deleted now (e.g. a role in use): the link shows disabled, this as its tooltip. */
  deleteBlocked?: string | null;
}

export function RowActions({ testId, id, onEdit, onDelete, deleteBlocked }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {onEdit && (
        <Button type="link" size="small" onClick={onEdit} data-testid={`${testId}-edit-${id}`}>
          {t('common.edit')}
        </Button>
      )}
      {onDelete &&
        (deleteBlocked ? (
          // Disabled buttons get no pointer events in some browsers (antd no longer wraps them).
          <Tooltip title={deleteBlocked}>
            <span
              style={{ display: 'inline-block', cursor: 'not-allowed' }}
              data-testid={`${testId}-blocked-${id}`}
            >
              <Button type="link" size="small" danger disabled data-testid={`${testId}-delete-${id}`}>
                {t('common.delete')}
              </Button>
            </span>
          </Tooltip>
        ) : (
          <Button type="link" size="small" danger onClick={onDelete} data-testid={`${testId}-delete-${id}`}>
            {t('common.delete')}
          </Button>
        ))}
    </Space>
  );
}

interface RowActionsColumn<T> {
  title: string;
  testId: string;
  onEdit?: ((row: T) => void) | false;
  onDelete?: ((row: T) => void) | false;
  /** Why a row cannot be deleted now, or null when it can. */
  deleteBlocked?: (row: T) => string | null;
  width?: number;
}

/** The actions column of a table (fixed on the right); no column when neither link is allowed. */
export function rowActionsColumn<T extends { id: number }>({
  title,
  testId,
  onEdit,
  onDelete,
  deleteBlocked,
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
          deleteBlocked={deleteBlocked?.(row)}
        />
      ),
    },
  ];
}
