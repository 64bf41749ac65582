/**
 * A widget's own properties (`props`), one field per key, chosen by the value's kind: colours get a
 * colour picker, the contract's enumerations a choice, numbers a number box, texts a text box.
 * Lists (a trend's lines, a banner's devices) and an image's asset have their own fields.
 */
import { useTranslation } from 'react-i18next';
import type { Widget } from '@hmi/contract';
import { ChoiceField, ColourField, NumberField, TextField } from './fields';

/** The enumerated properties of the contract's widget types and their values. */
export const CHOICES: Record<string, readonly string[]> = {
  format: ['number', 'auto', 'hex', 'binary', 'text'],
  orientation: ['vertical', 'horizontal'],
  align: ['left', 'center', 'right'],
  shape: ['circle', 'rect'],
  fit: ['contain', 'cover', 'fill'],
  kind: ['rect', 'ellipse', 'line'],
  line: ['horizontal', 'vertical', 'down', 'up'],
};
/** Where a type takes fewer values of a property than others: an input shows numbers only. */
const TYPE_CHOICES: Partial<Record<Widget['type'], Record<string, readonly string[]>>> = {
  input: { format: ['number', 'auto'] },
};
const COLOUR = /(^|_)(color|background)$/;
/**
 * Not fields here: lists and the image's asset are edited elsewhere; a symbol's drawing comes from
 * its imported file (the server sanitises it).
 */
const OWN_FIELDS = new Set(['tags', 'device_ids', 'asset', 'svg']);

/** A shape's properties that do nothing for its kind: a line has no fill, only a line a direction. */
function unused(w: Widget, key: string): boolean {
  if (w.type !== 'shape') return false;
  return w.props.kind === 'line' ? key === 'fill_color' : key === 'line';
}

export function PropsFields({ w, onChange }: { w: Widget; onChange(props: Record<string, unknown>): void }) {
  const { t } = useTranslation('editor');
  const props = w.props as Record<string, unknown>;
  const set = (key: string, v: unknown) => onChange({ ...props, [key]: v });
  return (
    <>
      {Object.entries(props).map(([key, value]) => {
        if (OWN_FIELDS.has(key) || unused(w, key)) return null;
        const label = t(`prop.${key}`, { defaultValue: key });
        const testId = `editor-prop-${key}`;
        const choices = TYPE_CHOICES[w.type]?.[key] ?? CHOICES[key];
        if (choices && typeof value === 'string')
          return (
            <ChoiceField
              key={key}
              label={label}
              value={value}
              choices={choices}
              onChange={(v) => set(key, v)}
              testId={testId}
            />
          );
        if (typeof value === 'string' && COLOUR.test(key))
          return (
            <ColourField
              key={key}
              label={label}
              value={value}
              onChange={(v) => set(key, v)}
              testId={testId}
            />
          );
        if (typeof value === 'string')
          return (
            <TextField key={key} label={label} value={value} onChange={(v) => set(key, v)} testId={testId} />
          );
        if (typeof value === 'number' || value === null)
          return (
            <NumberField
              key={key}
              label={label}
              value={value}
              nullable={value === null || w.type === 'trend'}
              onChange={(v) => set(key, v)}
              testId={testId}
            />
          );
        return null;
      })}
    </>
  );
}
