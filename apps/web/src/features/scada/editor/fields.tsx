/** Small inputs of the properties panel, each labelled so a keyboard and a screen reader reach it. */
import { ColorPicker, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';

export function NumberField({
  label,
  value,
  onChange,
  nullable = false,
  testId,
}: {
  label: string;
  value: number | null;
  onChange(v: number | null): void;
  nullable?: boolean;
  testId?: string;
}) {
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber
        aria-label={label}
        data-testid={testId}
        value={value}
        style={{ width: '100%' }}
        onChange={(v) => {
          if (v === null && !nullable) return;
          onChange(v === null ? null : Number(v));
        }}
      />
    </Form.Item>
  );
}

export function TextField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  testId?: string;
}) {
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <Input
        aria-label={label}
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}

export function ColourField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  testId?: string;
}) {
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <ColorPicker
        showText
        value={value}
        aria-label={label}
        data-testid={testId}
        onChangeComplete={(c) => onChange(c.toHexString())}
      />
    </Form.Item>
  );
}

export function ChoiceField<T extends string>({
  label,
  value,
  choices,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  choices: readonly T[];
  onChange(v: T): void;
  testId?: string;
}) {
  const { t } = useTranslation('editor');
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <Select<T>
        aria-label={label}
        data-testid={testId}
        value={value}
        options={choices.map((c) => ({ value: c, label: t(`choice.${c}`) }))}
        onChange={onChange}
      />
    </Form.Item>
  );
}
