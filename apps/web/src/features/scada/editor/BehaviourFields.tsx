/**
 * What a widget shows and does: its TAG (searchable; a device and its TAG on project screens), a
 * trend's lines, a banner's devices, its value ranges (colour and/or text by value) and its click
 * action. Every write the viewer makes asks for confirmation first, so an action needs no switch.
 */
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  widgetActions,
  type ScreenSummary,
  type ValueRange,
  type Widget,
  type WidgetAction,
} from '@hmi/contract';
import { DeleteOutlined, PlusOutlined } from '../../../ui/icons';
import { bindingKey, bindingOptions, keyBinding, type Bindable } from './bindable';
import { ColourField, NumberField } from './fields';

/** The types that show or write one TAG of their own. */
const BOUND = new Set<Widget['type']>([
  'text',
  'value',
  'bar',
  'gauge',
  'lamp',
  'button',
  'switch',
  'input',
  'image',
]);

export function BindingField({
  w,
  bindable,
  onChange,
}: {
  w: Widget;
  bindable: Bindable;
  onChange(w: Widget): void;
}) {
  const { t } = useTranslation('editor');
  if (w.type === 'trend')
    return (
      <Form.Item label={t('field.lines')} style={{ marginBottom: 8 }}>
        <Select
          mode="multiple"
          showSearch
          aria-label={t('field.lines')}
          data-testid="editor-trend-tags"
          value={w.props.tags.map(bindingKey)}
          options={bindingOptions(bindable)}
          onChange={(keys: string[]) =>
            onChange({ ...w, props: { ...w.props, tags: keys.map((k) => keyBinding(k, bindable.kind)) } })
          }
        />
      </Form.Item>
    );
  if (w.type === 'alarm_banner')
    return bindable.kind === 'project' ? (
      <Form.Item label={t('field.devices')} extra={t('field.devicesHint')} style={{ marginBottom: 8 }}>
        <Select
          mode="multiple"
          aria-label={t('field.devices')}
          value={w.props.device_ids}
          options={bindable.devices.map((d) => ({ value: d.id, label: d.name }))}
          onChange={(ids: number[]) => onChange({ ...w, props: { ...w.props, device_ids: ids } })}
        />
      </Form.Item>
    ) : null;
  if (!BOUND.has(w.type)) return null;
  return (
    <Form.Item label={t('field.tag')} style={{ marginBottom: 8 }}>
      <Select
        showSearch
        allowClear
        aria-label={t('field.tag')}
        data-testid="editor-binding"
        placeholder={t('field.unbound')}
        value={w.binding ? bindingKey(w.binding) : undefined}
        options={bindingOptions(bindable)}
        onChange={(key?: string) => onChange({ ...w, binding: key ? keyBinding(key, bindable.kind) : null })}
      />
    </Form.Item>
  );
}

export function RangesField({ w, onChange }: { w: Widget; onChange(w: Widget): void }) {
  const { t } = useTranslation('editor');
  const set = (ranges: ValueRange[]) => onChange({ ...w, ranges });
  const at = (i: number, patch: Partial<ValueRange>) =>
    set(w.ranges.map((r, n) => (n === i ? { ...r, ...patch } : r)));
  return (
    <Form.Item label={t('field.ranges')} style={{ marginBottom: 8 }}>
      <Flex vertical gap={6}>
        {w.ranges.map((r, i) => (
          <Flex key={i} gap={4} wrap align="center" data-testid={`editor-range-${i}`}>
            <InputNumber
              size="small"
              aria-label={t('field.min')}
              value={r.min}
              style={{ width: 64 }}
              onChange={(v) => v !== null && at(i, { min: Number(v) })}
            />
            <InputNumber
              size="small"
              aria-label={t('field.max')}
              value={r.max}
              style={{ width: 64 }}
              onChange={(v) => v !== null && at(i, { max: Number(v) })}
            />
            <ColourField label="" value={r.color ?? '#000000'} onChange={(color) => at(i, { color })} />
            <Input
              size="small"
              aria-label={t('field.rangeText')}
              placeholder={t('field.rangeText')}
              value={r.text ?? ''}
              style={{ width: 90 }}
              onChange={(e) => at(i, { text: e.target.value || undefined })}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('remove')}
              onClick={() => set(w.ranges.filter((_, n) => n !== i))}
            />
          </Flex>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => set([...w.ranges, { min: 0, max: 100 }])}
          data-testid="editor-range-add"
        >
          {t('field.addRange')}
        </Button>
      </Flex>
    </Form.Item>
  );
}

/** A fixed value as typed: a number when it reads as one, `true`/`false` as booleans, else text. */
const typedValue = (text: string): string | number | boolean =>
  text === 'true'
    ? true
    : text === 'false'
      ? false
      : text.trim() !== '' && Number.isFinite(Number(text))
        ? Number(text)
        : text;

export function ActionField({
  w,
  screens,
  onChange,
}: {
  w: Widget;
  screens: readonly ScreenSummary[];
  onChange(w: Widget): void;
}) {
  const { t } = useTranslation('editor');
  const kinds = widgetActions[w.type];
  if (!kinds.length) return null;
  const a = w.action;
  const start = (kind: WidgetAction['kind'] | 'none'): WidgetAction | null => {
    if (kind === 'write') return { kind, value: 1 };
    if (kind === 'toggle') return { kind };
    if (kind === 'input') return { kind, min: null, max: null };
    if (kind === 'goto') return screens[0] ? { kind, screen_id: screens[0].id, dialog: false } : null;
    return null;
  };
  return (
    <Form.Item
      label={t('field.action')}
      extra={a && a.kind !== 'goto' ? t('field.confirmHint') : undefined}
      style={{ marginBottom: 8 }}
    >
      <Flex vertical gap={6}>
        <Select
          aria-label={t('field.action')}
          data-testid="editor-action"
          value={a?.kind ?? 'none'}
          options={['none', ...kinds].map((k) => ({
            value: k,
            label: t(`action.${k}`),
            disabled: k === 'goto' && !screens.length,
          }))}
          onChange={(k: WidgetAction['kind'] | 'none') => onChange({ ...w, action: start(k) })}
        />
        {a?.kind === 'write' && (
          <Input
            aria-label={t('field.writeValue')}
            placeholder={t('field.writeValue')}
            data-testid="editor-action-value"
            value={String(a.value)}
            onChange={(e) => onChange({ ...w, action: { kind: 'write', value: typedValue(e.target.value) } })}
          />
        )}
        {a?.kind === 'input' && (
          <Flex gap={4}>
            <NumberField
              label={t('field.min')}
              value={a.min}
              nullable
              onChange={(min) => onChange({ ...w, action: { ...a, min } })}
            />
            <NumberField
              label={t('field.max')}
              value={a.max}
              nullable
              onChange={(max) => onChange({ ...w, action: { ...a, max } })}
            />
          </Flex>
        )}
        {a?.kind === 'goto' && (
          <Flex vertical gap={8}>
            <Select
              aria-label={t('field.target')}
              value={a.screen_id}
              options={screens.map((s) => ({ value: s.id, label: s.name }))}
              onChange={(screen_id: number) => onChange({ ...w, action: { ...a, screen_id } })}
            />
            <Checkbox
              checked={a.dialog}
              onChange={(e) => onChange({ ...w, action: { ...a, dialog: e.target.checked } })}
            >
              {t('field.asDialog')}
            </Checkbox>
          </Flex>
        )}
        {a?.kind === 'toggle' && <Typography.Text type="secondary">{t('field.toggleHint')}</Typography.Text>}
      </Flex>
    </Form.Item>
  );
}
