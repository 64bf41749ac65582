/**
 * The side panel: the selected widget's place, TAG, look, ranges and action; with several selected,
 * their drawing order and removal; with none, the canvas (size and background). An edit is checked
 * with the contract's widget schema before it enters the document, so what is saved is valid; a
 * refused value is named under the panel's title and changes nothing.
 */
import { useState } from 'react';
import { Alert, Button, Divider, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  screenDocument,
  SCREEN_SIZE_MAX,
  SCREEN_SIZE_MIN,
  widget as widgetSchema,
  type ScreenDocument,
  type ScreenSummary,
  type Widget,
} from '@hmi/contract';
import { DeleteOutlined } from '../../../ui/icons';
import type { Bindable } from './bindable';
import { ActionField, BindingField, RangesField } from './BehaviourFields';
import { ColourField, NumberField } from './fields';
import type { ZMove } from './model';
import { PropsFields } from './PropsFields';

const NO_RANGES = new Set<Widget['type']>(['trend', 'image', 'alarm_banner', 'input']);

interface Props {
  doc: ScreenDocument;
  selected: readonly Widget[];
  bindable: Bindable;
  screens: readonly ScreenSummary[];
  onWidget(next: Widget): void;
  onCanvas(next: ScreenDocument): void;
  onRemove(): void;
  onOrder(move: ZMove): void;
}

function issueText(t: (k: string) => string, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const first = issues[0];
  if (!first) return null;
  return `${first.path.join('.')}: ${t(`validation:${first.message}`)}`;
}

export function PropertiesPanel({
  doc,
  selected,
  bindable,
  screens,
  onWidget,
  onCanvas,
  onRemove,
  onOrder,
}: Props) {
  const { t } = useTranslation('editor');
  const [error, setError] = useState<string | null>(null);
  const w = selected.length === 1 ? selected[0] : undefined;
  const apply = (next: unknown) => {
    const r = widgetSchema.safeParse(next);
    if (!r.success) return setError(issueText(t, r.error.issues));
    setError(null);
    onWidget(r.data);
  };
  const applyCanvas = (next: ScreenDocument) => {
    const r = screenDocument.safeParse(next);
    if (!r.success) return setError(issueText(t, r.error.issues));
    setError(null);
    onCanvas(r.data);
  };
  const order = (
    <Flex gap={4} wrap>
      {(['front', 'forward', 'backward', 'back'] as const).map((m) => (
        <Button key={m} size="small" onClick={() => onOrder(m)} data-testid={`editor-order-${m}`}>
          {t(`order.${m}`)}
        </Button>
      ))}
      <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="editor-remove">
        {t('remove')}
      </Button>
    </Flex>
  );
  return (
    <Form
      layout="vertical"
      size="small"
      className="se-panel"
      aria-label={t('panel')}
      data-testid="editor-panel"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {w
          ? t(`widget.${w.type}`, { defaultValue: w.type })
          : selected.length
            ? t('selectedMany', { count: selected.length })
            : t('canvasTitle')}
      </Typography.Title>
      {error && (
        <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} data-testid="editor-error" />
      )}
      {!selected.length && (
        <>
          <NumberField
            label={t('field.width')}
            value={doc.width}
            testId="editor-canvas-width"
            onChange={(v) => v !== null && applyCanvas({ ...doc, width: Math.round(v) })}
          />
          <NumberField
            label={t('field.height')}
            value={doc.height}
            testId="editor-canvas-height"
            onChange={(v) => v !== null && applyCanvas({ ...doc, height: Math.round(v) })}
          />
          <Typography.Paragraph type="secondary">
            {t('field.sizeHint', { min: SCREEN_SIZE_MIN, max: SCREEN_SIZE_MAX })}
          </Typography.Paragraph>
          <ColourField
            label={t('field.background')}
            value={doc.background}
            testId="editor-canvas-background"
            onChange={(background) => applyCanvas({ ...doc, background })}
          />
        </>
      )}
      {selected.length > 1 && order}
      {w && (
        <>
          <Typography.Text type="secondary" data-testid="editor-widget-id">
            {w.id}
          </Typography.Text>
          <Flex gap={8}>
            <NumberField
              label="X"
              value={w.x}
              testId="editor-x"
              onChange={(x) => x !== null && apply({ ...w, x })}
            />
            <NumberField
              label="Y"
              value={w.y}
              testId="editor-y"
              onChange={(y) => y !== null && apply({ ...w, y })}
            />
          </Flex>
          <Flex gap={8}>
            <NumberField
              label={t('field.w')}
              value={w.w}
              testId="editor-w"
              onChange={(v) => v !== null && apply({ ...w, w: v })}
            />
            <NumberField
              label={t('field.h')}
              value={w.h}
              testId="editor-h"
              onChange={(v) => v !== null && apply({ ...w, h: v })}
            />
          </Flex>
          <Divider size="small" />
          <BindingField w={w} bindable={bindable} onChange={apply} />
          <PropsFields w={w} onChange={(props) => apply({ ...w, props })} />
          {!NO_RANGES.has(w.type) && <RangesField w={w} onChange={apply} />}
          <ActionField w={w} screens={screens} onChange={apply} />
          <Divider size="small" />
          {order}
        </>
      )}
    </Form>
  );
}
