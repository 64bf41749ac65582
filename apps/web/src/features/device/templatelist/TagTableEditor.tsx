/**
 * The TAG table of a template (spec §3): name, data type 0-9, access 0/1/2, address type, address,
 * scan time, save history, default value (checked against its type), description. Save replaces the
 * whole table.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { TagAccess, tagDataTypes, TAGS_MAX } from '@hmi/contract';
import { AddressCell, AddressTypeCell } from './AddressCells';
import { connectionNames } from './fieldAddress';
import { emptyRow, nameCounts, tagRowErrors, type TagRow, type TagRowField } from './tagRows';

export interface TagTableEditorProps {
  initial: readonly TagRow[];
  editable: boolean;
  saving?: boolean;
  onSave?: (rows: TagRow[]) => void;
  /** Extra buttons beside "add row" (import / export). */
  toolbar?: ReactNode;
}

function FieldError({ text, testId }: { text?: string; testId?: string }) {
  if (!text) return null;
  return (
    <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

export function TagTableEditor({ initial, editable, saving, onSave, toolbar }: TagTableEditorProps) {
  const { t } = useTranslation('template');
  const [rows, setRows] = useState<TagRow[]>(() => [...initial]);
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);

  const counts = useMemo(() => nameCounts(rows), [rows]);
  const errors = useMemo(() => new Map(rows.map((r) => [r.key, tagRowErrors(r, counts)])), [rows, counts]);
  const invalid = [...errors.values()].some((e) => Object.keys(e).length > 0);
  const connections = useMemo(() => connectionNames(rows.map((r) => r.address_type)), [rows]);

  const typeOptions = useMemo(
    () => tagDataTypes.map((v) => ({ value: v, label: t(`enums:tagDataType.${v}`) })),
    [t],
  );
  const accessOptions = useMemo(
    () => Object.values(TagAccess).map((v) => ({ value: v, label: t(`enums:tagAccess.${v}`) })),
    [t],
  );

  const change = (key: string, patch: Partial<TagRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setDirty(true);
  };
  const add = () => {
    setRows((all) => [...all, emptyRow()]);
    setDirty(true);
  };
  const remove = (key: string) => {
    setRows((all) => all.filter((r) => r.key !== key));
    setDirty(true);
  };
  const save = () => {
    setTried(true);
    if (!invalid) onSave?.(rows);
  };

  // Errors of a field show once it was touched (it has content) or a save was tried: an address
  // is checked as it is typed.
  const shown = (row: TagRow, field: TagRowField) => {
    const key = errors.get(row.key)?.[field];
    if (!key) return undefined;
    const touched = field === 'scan_time_ms' || row[field] !== '';
    return tried || touched ? t(`validation:${key}`) : undefined;
  };

  const columns: ColumnsType<TagRow> = [
    {
      title: '#',
      key: 'index',
      width: 48,
      render: (_, __, index) => index + 1,
    },
    {
      title: t('tag.name'),
      key: 'name',
      width: 150,
      render: (_, row, index) => {
        const error = shown(row, 'name');
        return editable ? (
          <>
            <Input
              value={row.name}
              maxLength={64}
              status={error ? 'error' : undefined}
              onChange={(e) => change(row.key, { name: e.target.value })}
              aria-label={t('tag.name')}
              data-testid={`tag-name-${index}`}
            />
            <FieldError text={error} testId={`tag-name-error-${index}`} />
          </>
        ) : (
          row.name
        );
      },
    },
    {
      title: t('tag.dataType'),
      key: 'data_type',
      width: 190,
      render: (_, row, index) =>
        editable ? (
          <Select
            value={row.data_type}
            options={typeOptions}
            onChange={(value: number) => change(row.key, { data_type: value })}
            style={{ width: '100%' }}
            aria-label={t('tag.dataType')}
            data-testid={`tag-type-${index}`}
            popupMatchSelectWidth={false}
          />
        ) : (
          t(`enums:tagDataType.${row.data_type}`)
        ),
    },
    {
      title: t('tag.access'),
      key: 'access',
      width: 110,
      render: (_, row, index) =>
        editable ? (
          <Select
            value={row.access}
            options={accessOptions}
            onChange={(value: number) => change(row.key, { access: value })}
            style={{ width: '100%' }}
            aria-label={t('tag.access')}
            data-testid={`tag-access-${index}`}
            popupMatchSelectWidth={false}
          />
        ) : (
          t(`enums:tagAccess.${row.access}`)
        ),
    },
    {
      title: t('tag.addressType'),
      key: 'address_type',
      width: 270,
      render: (_, row, index) =>
        editable ? (
          <AddressTypeCell
            row={row}
            index={index}
            error={shown(row, 'address_type')}
            connections={connections}
            onChange={(patch) => change(row.key, patch)}
          />
        ) : (
          row.address_type || '-'
        ),
    },
    {
      title: t('tag.address'),
      key: 'address',
      width: 200,
      render: (_, row, index) =>
        editable ? (
          <AddressCell
            row={row}
            index={index}
            error={shown(row, 'address')}
            onChange={(patch) => change(row.key, patch)}
          />
        ) : (
          row.address || '-'
        ),
    },
    {
      title: t('tag.scanTime'),
      key: 'scan_time_ms',
      width: 120,
      render: (_, row, index) => {
        const error = shown(row, 'scan_time_ms');
        return editable ? (
          <>
            <InputNumber
              value={row.scan_time_ms}
              precision={0}
              status={error ? 'error' : undefined}
              onChange={(value) =>
                change(row.key, { scan_time_ms: typeof value === 'number' ? value : null })
              }
              style={{ width: '100%' }}
              aria-label={t('tag.scanTime')}
              data-testid={`tag-scan-${index}`}
            />
            <FieldError text={error} />
          </>
        ) : (
          row.scan_time_ms
        );
      },
    },
    {
      title: t('tag.saveHistory'),
      key: 'save_history',
      width: 90,
      render: (_, row, index) => (
        <Switch
          checked={row.save_history}
          disabled={!editable}
          onChange={(checked) => change(row.key, { save_history: checked })}
          aria-label={t('tag.saveHistory')}
          data-testid={`tag-history-${index}`}
        />
      ),
    },
    {
      title: t('tag.defaultValue'),
      key: 'default_value',
      width: 180,
      render: (_, row, index) => {
        const error = shown(row, 'default_value');
        return editable ? (
          <>
            <Input
              value={row.default_value}
              maxLength={256}
              status={error ? 'error' : undefined}
              onChange={(e) => change(row.key, { default_value: e.target.value })}
              placeholder={t('tag.defaultValuePlaceholder')}
              aria-label={t('tag.defaultValue')}
              data-testid={`tag-default-${index}`}
            />
            <FieldError text={error} testId={`tag-default-error-${index}`} />
          </>
        ) : (
          row.default_value || '-'
        );
      },
    },
    {
      title: t('tag.description'),
      key: 'description',
      width: 160,
      render: (_, row, index) =>
        editable ? (
          <Input
            value={row.description}
            maxLength={200}
            onChange={(e) => change(row.key, { description: e.target.value })}
            aria-label={t('tag.description')}
            data-testid={`tag-description-${index}`}
          />
        ) : (
          row.description || '-'
        ),
    },
  ];
  if (editable)
    columns.push({
      key: 'remove',
      width: 56,
      fixed: 'right',
      render: (_, row, index) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('tag.remove')}
          data-testid={`tag-remove-${index}`}
          onClick={() => remove(row.key)}
        />
      ),
    });

  return (
    <div data-testid="tag-editor">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {t('tag.count', { count: rows.length, max: TAGS_MAX })}
        </Typography.Text>
        <Space wrap>
          {toolbar}
          {editable && (
            <>
              <Button
                icon={<PlusOutlined />}
                onClick={add}
                disabled={rows.length >= TAGS_MAX}
                data-testid="tag-add"
              >
                {t('tag.add')}
              </Button>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={saving}
                disabled={!dirty}
                onClick={save}
                data-testid="tag-save"
              >
                {t('tag.save')}
              </Button>
            </>
          )}
        </Space>
      </Flex>
      {tried && invalid && (
        <Typography.Text
          type="danger"
          style={{ display: 'block', marginBottom: 8 }}
          data-testid="tag-invalid"
        >
          {t('tag.fixErrors')}
        </Typography.Text>
      )}
      <Table<TagRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 'calc(100vh - 360px)' }}
        locale={{ emptyText: t('common.noData') }}
      />
    </div>
  );
}
