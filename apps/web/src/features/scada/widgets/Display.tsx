/** Display widgets: text, image and symbol in the DOM; value, bar, gauge, lamp, shape painted (painter.ts). */
import type { ScreenAsset } from '@hmi/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useBound, useScada } from '../context';
import { rangeOf, type WidgetOf } from '../format';
import { valueKey } from '../valueStore';
import type { PaintedWidget } from './paint';

const fill = { width: '100%', height: '100%' } as const;

const flexAlign = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

export function TextWidget({ w }: { w: WidgetOf<'text'> }) {
  const value = useBound(w.binding);
  const range = rangeOf(value, w.ranges);
  const { font_size, color, align, font_family } = w.props;
  return (
    <div
      className="scada-text"
      style={{
        ...fill,
        fontSize: font_size,
        color: range?.color ?? color,
        justifyContent: flexAlign[align],
        fontFamily: font_family || undefined,
      }}
    >
      {range?.text ?? (w.props.text || (w.binding ? (value ?? '--') : ''))}
    </div>
  );
}

/** Roles of the painted widgets' boxes: what a screen reader announces in place of the drawing. */
const ROLE = { value: 'img', lamp: 'img', bar: 'meter', gauge: 'meter', shape: 'presentation' } as const;

/**
 * A value, bar, gauge, lamp or shape: drawn by the screen's painter into its canvas; this box holds its
 * place and its accessible value, which the painter keeps current without rendering it again.
 */
export function PaintedWidgetBox({
  w,
  offline,
  order,
}: {
  w: PaintedWidget;
  offline: boolean;
  order: number;
}) {
  const { painter, deviceOf } = useScada();
  const ref = useRef<HTMLDivElement>(null);
  const device = deviceOf(w.binding);
  const key = w.binding && device !== null ? valueKey(device, w.binding.tag) : null;
  useEffect(
    () => (ref.current ? painter.add(w, key, ref.current, order) : undefined),
    [painter, w, key, order],
  );
  useEffect(() => painter.setOffline(w.id, offline), [painter, w, key, order, offline]);
  const meter = w.type === 'bar' || w.type === 'gauge' ? w.props : null;
  return (
    <div
      ref={ref}
      role={ROLE[w.type]}
      data-testid={`scada-${w.type}-${w.id}`}
      aria-valuemin={meter?.min}
      aria-valuemax={meter?.max}
      style={fill}
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

/**
 * A drawing kept from an imported file, filled with its value's range colour (else its own), as
 * an image: nothing in it can run or load. The colour is one the contract allows (no quotes).
 */
export function SymbolWidget({ w }: { w: WidgetOf<'symbol'> }) {
  const value = useBound(w.binding);
  const fillColour = rangeOf(value, w.ranges)?.color ?? w.props.color;
  const src = useMemo(
    () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(w.props.svg.replace(/^<svg\b/, `<svg fill="${fillColour}"`))}`,
    [w.props.svg, fillColour],
  );
  return (
    <img
      alt={w.binding?.tag ?? ''}
      draggable={false}
      src={src}
      data-testid={`scada-symbol-${w.id}`}
      data-fill={fillColour}
      style={fill}
    />
  );
}
