/**
 * Widgets that write a value the user picks: a drop-down of fixed choices and a slider. Both show
 * the TAG's value while nobody is choosing, and write (after the screen's confirmation) only when a
 * choice is made or the slider is let go, not while it moves.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoundSample, useScada } from '../context';
import { numeric, type WidgetOf } from '../format';
import { actionable, useQualityProps } from './Controls';

const fill = { width: '100%', height: '100%' } as const;

/** The option showing a value: equal as numbers (FUXA compares loosely: 1 matches "1.0"), else as text. */
function optionIndex(options: WidgetOf<'select'>['props']['options'], value: string | undefined) {
  if (value === undefined) return -1;
  const n = numeric(value);
  return options.findIndex((o) => (typeof o.value === 'number' ? n === o.value : o.value === value));
}

export function SelectWidget({ w }: { w: WidgetOf<'select'> }) {
  const { t } = useTranslation('scada');
  const { act, canWrite } = useScada();
  const sample = useBoundSample(w.binding);
  const quality = useQualityProps(sample?.q, 'scada-select');
  const { options, font_size, color, background, align, font_family } = w.props;
  const at = optionIndex(options, sample?.value);
  const chosen = options[at];
  return (
    <select
      {...quality}
      data-testid={`scada-select-${w.id}`}
      aria-label={w.binding?.tag ?? w.id}
      disabled={!actionable(w, canWrite)}
      value={at < 0 ? '' : String(at)}
      style={{
        ...fill,
        fontSize: font_size,
        color: chosen?.color ?? color,
        background: chosen?.background ?? background,
        textAlign: align,
        textAlignLast: align,
        fontFamily: font_family || undefined,
      }}
      onChange={(e) => {
        const option = options[Number(e.target.value)];
        if (option) act(w, sample?.value, { value: String(option.value), shown: option.text });
      }}
    >
      {at < 0 && (
        <option value="" disabled>
          {sample?.value ?? t('select.none')}
        </option>
      )}
      {options.map((o, i) => (
        <option key={i} value={String(i)}>
          {o.text || String(o.value)}
        </option>
      ))}
    </select>
  );
}

export function SliderWidget({ w }: { w: WidgetOf<'slider'> }) {
  const { act, canWrite } = useScada();
  const sample = useBoundSample(w.binding);
  const quality = useQualityProps(sample?.q, 'scada-slider');
  const { min, max, step, orientation, color, background } = w.props;
  // The position being dragged; null: the TAG's value.
  const [moving, setMoving] = useState<string | null>(null);
  const current = Math.min(max, Math.max(min, numeric(sample?.value) ?? min));
  const release = () => {
    if (moving === null) return;
    setMoving(null);
    if (Number(moving) !== numeric(sample?.value)) act(w, sample?.value, { value: moving, shown: moving });
  };
  return (
    <input
      type="range"
      {...quality}
      className={`${quality.className} scada-slider-${orientation}`}
      data-testid={`scada-slider-${w.id}`}
      aria-label={w.binding?.tag ?? w.id}
      aria-orientation={orientation}
      disabled={!actionable(w, canWrite)}
      min={min}
      max={max}
      step={step || 'any'}
      value={moving ?? String(current)}
      style={{ ...fill, accentColor: color, ['--scada-slider-track' as string]: background }}
      onChange={(e) => setMoving(e.target.value)}
      onPointerUp={release}
      onKeyUp={release}
      onBlur={release}
    />
  );
}
