/**
 * The field address cells of a TAG row (DESIGN.md "Field side"): the connection name (one of the
 * gateway file's names, offered from the table) with its area, and the address with the grammar's
 * hint, examples for the row's area and data type, and the live check's message.
 */
import { AutoComplete, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { exampleKind, fieldAreas, joinAddressType, splitAddressType } from './fieldAddress';
import type { TagRow } from './tagRows';

interface CellProps {
  row: TagRow;
  index: number;
  error: string | undefined;
  onChange(patch: Partial<TagRow>): void;
}

function CellError({ text, testId }: { text: string | undefined; testId: string }) {
  if (!text) return null;
  return (
    <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

export function AddressTypeCell({
  row,
  index,
  error,
  onChange,
  connections,
}: CellProps & { connections: string[] }) {
  const { t } = useTranslation('template');
  const { connection, area } = splitAddressType(row.address_type);
  const set = (next: { connection?: string; area?: string }) =>
    onChange({ address_type: joinAddressType(next.connection ?? connection, next.area ?? area) });
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <AutoComplete
          value={connection}
          options={connections.map((c) => ({ value: c }))}
          onChange={(value: string) => set({ connection: value })}
          placeholder={t('tag.connectionPlaceholder')}
          status={error ? 'error' : undefined}
          style={{ width: 120 }}
          aria-label={t('tag.connection')}
          data-testid={`tag-connection-${index}`}
        />
        <Select
          value={area}
          options={[
            { value: '', label: t('tag.areaNone') },
            ...fieldAreas.map((a) => ({ value: a, label: t(`tag.areas.${a}`) })),
          ]}
          onChange={(value: string) => set({ area: value })}
          status={error ? 'error' : undefined}
          style={{ width: 150 }}
          popupMatchSelectWidth={false}
          aria-label={t('tag.area')}
          data-testid={`tag-area-${index}`}
        />
      </Space.Compact>
      <CellError text={error} testId={`tag-address-type-error-${index}`} />
    </>
  );
}

export function AddressCell({ row, index, error, onChange }: CellProps) {
  const { t } = useTranslation('template');
  const { area } = splitAddressType(row.address_type);
  const kind = exampleKind(area, row.data_type);
  return (
    <>
      <Input
        value={row.address}
        maxLength={64}
        disabled={kind === null && row.address === ''}
        placeholder={kind === null ? undefined : t(area === 'node' ? 'tag.hint.node' : 'tag.hint.modbus')}
        status={error ? 'error' : undefined}
        onChange={(e) => onChange({ address: e.target.value })}
        aria-label={t('tag.address')}
        data-testid={`tag-address-${index}`}
      />
      {kind !== null && (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, display: 'block' }}
          data-testid={`tag-address-examples-${index}`}
        >
          {t('tag.examplesLabel', { examples: t(`tag.examples.${kind}`) })}
        </Typography.Text>
      )}
      <CellError text={error} testId={`tag-address-error-${index}`} />
    </>
  );
}
