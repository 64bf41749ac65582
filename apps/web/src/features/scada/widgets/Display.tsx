/** Widgets that show a value: text, value, bar, gauge, lamp, image. */
import type { ScreenAsset } from '@hmi/contract';
import { useBound } from '../context';
import { formatValue, numeric, rangeOf, share, truthy, type WidgetOf } from '../format';

const fill = { width: '100%', height: '100%' } as const;

const flexAlign = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

export function TextWidget({ w }: { w: WidgetOf<'text'> }) {
  const value = useBound(w.binding);
  const range = rangeOf(value, w.ranges);
  const { font_size, color, align } = w.props;
  return (
    <div
      className="scada-text"
      style={{ ...fill, fontSize: font_size, color: range?.color ?? color, justifyContent: flexAlign[align] }}
    >
      {range?.text ?? (w.props.text || (w.binding ? (value ?? '--') : ''))}
    </div>
  );
}

export function ValueWidget({ w }: { w: WidgetOf<'value'> }) {
  const value = useBound(w.binding);
  const range = rangeOf(value, w.ranges);
  const { font_size, color, align, unit, decimals, format } = w.props;
  return (
    <div
      className="scada-text"
      data-testid={`scada-value-${w.id}`}
      style={{ ...fill, fontSize: font_size, color: range?.color ?? color, justifyContent: flexAlign[align] }}
    >
      {range?.text ?? formatValue(value, format, decimals)}
      {unit && !range?.text && <span className="scada-unit">{unit}</span>}
    </div>
  );
}

export function BarWidget({ w }: { w: WidgetOf<'bar'> }) {
  const value = useBound(w.binding);
  const { min, max, orientation, color, background } = w.props;
  const pct = `${share(value, min, max) * 100}%`;
  const vertical = orientation === 'vertical';
  return (
    <div style={{ ...fill, background, position: 'relative' }} data-testid={`scada-bar-${w.id}`}>
      <div
        style={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          background: rangeOf(value, w.ranges)?.color ?? color,
          width: vertical ? '100%' : pct,
          height: vertical ? pct : '100%',
        }}
      />
    </div>
  );
}

/** A 270° dial: the arc from the lower left to the lower right, filled up to the value. */
const R = 40;
const ARC = 1.5 * Math.PI * R;

export function GaugeWidget({ w }: { w: WidgetOf<'gauge'> }) {
  const value = useBound(w.binding);
  const { min, max, unit, decimals, color } = w.props;
  const n = numeric(value);
  const arcColor = rangeOf(value, w.ranges)?.color ?? color;
  return (
    <svg viewBox="0 0 100 100" style={fill} data-testid={`scada-gauge-${w.id}`}>
      <g transform="rotate(135 50 50)" fill="none" strokeWidth={9} strokeLinecap="round">
        <circle cx={50} cy={50} r={R} stroke="#e8e8e8" strokeDasharray={`${ARC} ${2 * Math.PI * R}`} />
        <circle
          cx={50}
          cy={50}
          r={R}
          stroke={arcColor}
          strokeDasharray={`${ARC * share(value, min, max)} ${2 * Math.PI * R}`}
        />
      </g>
      <text x={50} y={54} textAnchor="middle" fontSize={16} fontWeight={600} fill="#262626">
        {n === null ? '--' : n.toFixed(decimals)}
      </text>
      <text x={50} y={70} textAnchor="middle" fontSize={9} fill="#8c8c8c">
        {unit}
      </text>
      <text x={22} y={92} textAnchor="middle" fontSize={7} fill="#8c8c8c">
        {min}
      </text>
      <text x={78} y={92} textAnchor="middle" fontSize={7} fill="#8c8c8c">
        {max}
      </text>
    </svg>
  );
}

export function LampWidget({ w }: { w: WidgetOf<'lamp'> }) {
  const value = useBound(w.binding);
  const on = truthy(value);
  const { shape, on_color, off_color } = w.props;
  const color = rangeOf(value, w.ranges)?.color ?? (on ? on_color : off_color);
  return (
    <div
      data-testid={`scada-lamp-${w.id}`}
      data-on={on}
      className="scada-lamp"
      style={{ ...fill, background: color, borderRadius: shape === 'circle' ? '50%' : 4 }}
    />
  );
}

export function ImageWidget({ w, assets }: { w: WidgetOf<'image'>; assets: Record<string, ScreenAsset> }) {
  const asset = assets[w.props.asset];
  if (!asset) return null;
  return (
    <img
      alt=""
      draggable={false}
      src={`data:${asset.mime};base64,${asset.data}`}
      style={{ ...fill, objectFit: w.props.fit }}
    />
  );
}
