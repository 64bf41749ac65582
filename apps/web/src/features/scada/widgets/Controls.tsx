/** Widgets that write or navigate: button, switch, numeric input. The screen confirms every write. */
import type { Widget } from '@hmi/contract';
import { useTranslation } from 'react-i18next';
import { reasonText } from '../../../live/reasonText';
import { useScada, useBound, useBoundSample } from '../context';
import { formatValue, truthy, type WidgetOf } from '../format';

const fill = { width: '100%', height: '100%' } as const;

/** What a widget type does without an action: a switch toggles, an input asks, select and slider set. */
export function ownAction(type: Widget['type']): 'toggle' | 'input' | 'set' | null {
  if (type === 'switch') return 'toggle';
  if (type === 'input') return 'input';
  return type === 'select' || type === 'slider' ? 'set' : null;
}

/** Whether clicking the widget does something for this user (a goto needs no write permission). */
export function actionable(w: Widget, canWrite: boolean): boolean {
  const kind = w.action?.kind ?? ownAction(w.type);
  if (kind === null) return false;
  if (kind === 'goto') return true;
  return canWrite && w.binding !== null;
}

export function ButtonWidget({ w }: { w: WidgetOf<'button'> }) {
  const { act, canWrite } = useScada();
  const value = useBound(w.binding);
  const { text, font_size, color, background, font_family } = w.props;
  return (
    <button
      type="button"
      className="scada-button"
      data-testid={`scada-button-${w.id}`}
      disabled={!actionable(w, canWrite)}
      style={{ ...fill, fontSize: font_size, color, background, fontFamily: font_family || undefined }}
      onClick={() => act(w, value)}
    >
      {text}
    </button>
  );
}

/**
 * A control showing a bad value (DESIGN.md "Field side", quality): greyed (`scada-bad`), the reason
 * in words as its tooltip and accessible description. It stays usable: a write may still land.
 */
export function useQualityProps(q: string | undefined, className: string) {
  const { t } = useTranslation();
  if (q === undefined) return { className };
  const why = t('live:quality.bad', { reason: reasonText(t, q) });
  return { className: `${className} scada-bad`, title: why, 'aria-description': why, 'data-quality': 'bad' };
}

export function SwitchWidget({ w }: { w: WidgetOf<'switch'> }) {
  const { act, canWrite } = useScada();
  const sample = useBoundSample(w.binding);
  const value = sample?.value;
  const quality = useQualityProps(sample?.q, 'scada-switch');
  const on = truthy(value);
  const { on_text, off_text, on_color, off_color } = w.props;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      {...quality}
      data-testid={`scada-switch-${w.id}`}
      data-on={value === undefined ? undefined : on}
      disabled={!actionable(w, canWrite)}
      style={{ ...fill, background: on ? on_color : off_color }}
      onClick={() => act(w, value)}
    >
      <span className="scada-switch-knob" style={{ left: on ? 'calc(100% - 50%)' : 0 }} />
      <span className="scada-switch-text" style={{ [on ? 'left' : 'right']: 0 }}>
        {on ? on_text : off_text}
      </span>
    </button>
  );
}

export function InputWidget({ w }: { w: WidgetOf<'input'> }) {
  const { act, canWrite } = useScada();
  const sample = useBoundSample(w.binding);
  const value = sample?.value;
  const quality = useQualityProps(sample?.q, 'scada-input');
  const { unit, decimals, format, font_size, color, align, font_family } = w.props;
  return (
    <button
      type="button"
      {...quality}
      data-testid={`scada-input-${w.id}`}
      disabled={!actionable(w, canWrite)}
      style={{ ...fill, fontSize: font_size, color, textAlign: align, fontFamily: font_family || undefined }}
      onClick={() => act(w, value)}
    >
      {formatValue(value, format, decimals)}
      {unit && <span className="scada-unit">{unit}</span>}
    </button>
  );
}
