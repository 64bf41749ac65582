/** How widgets read TAG values (canonical text from the socket) and pick their value range. */
import type { ValueRange, Widget, WidgetType } from '@hmi/contract';

export type WidgetOf<T extends WidgetType> = Extract<Widget, { type: T }>;

/** The number a value stands for (booleans as 0/1), or null when it is not one. */
export function numeric(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (value === 'true') return 1;
  if (value === 'false') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export const truthy = (value: string | undefined): boolean => (numeric(value) ?? 0) !== 0;

/** The first range holding the value (`min ≤ value ≤ max`). */
export function rangeOf(value: string | undefined, ranges: readonly ValueRange[]): ValueRange | undefined {
  const n = numeric(value);
  if (n === null) return undefined;
  return ranges.find((r) => n >= r.min && n <= r.max);
}

/**
 * A value as a `value` widget shows it: fixed decimals, at most `decimals` without trailing zeros
 * (`auto`, as FUXA shows numbers: 1200, 12.5), hex, binary or the text unchanged.
 */
export function formatValue(
  value: string | undefined,
  format: 'number' | 'auto' | 'hex' | 'binary' | 'text',
  decimals: number,
): string {
  if (value === undefined) return '--';
  const n = numeric(value);
  if (format === 'text' || n === null) return value;
  if (format === 'hex') return `0x${Math.trunc(n).toString(16).toUpperCase()}`;
  if (format === 'binary') return Math.trunc(n).toString(2);
  return format === 'auto' ? String(Number(n.toFixed(decimals))) : n.toFixed(decimals);
}

/** `value` clamped into [min, max] as a share from 0 to 1. */
export function share(value: string | undefined, min: number, max: number): number {
  const n = numeric(value);
  if (n === null || max <= min) return 0;
  return Math.min(1, Math.max(0, (n - min) / (max - min)));
}
