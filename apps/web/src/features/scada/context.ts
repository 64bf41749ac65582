/** What every widget of a screen shares: its values, write feedback, and how to act. */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Binding, Widget } from '@hmi/contract';
import type { TagSample } from '../../live/types';
import type { Feedback, FeedbackStore } from './feedback';
import { valueKey, type Snapshot, type ValueStore } from './valueStore';
import type { Painter } from './widgets/painter';

export interface ScadaContextValue {
  store: ValueStore;
  feedback: FeedbackStore;
  /** Draws the value, bar, gauge and lamp widgets into the screen's canvas. */
  painter: Painter;
  /** The device a binding reads: its own (project screens) or the viewed device (template screens). */
  deviceOf(binding: Binding | null): number | null;
  /**
   * Runs a widget's action (or its type's own one: a switch toggles, an input asks for a number, a
   * select or slider writes `chosen`, shown in the confirmation as `shown`).
   */
  act(widget: Widget, current: string | undefined, chosen?: { value: string; shown: string }): void;
  canWrite: boolean;
  /** Every device the screen shows. */
  devices: number[];
  /** The id of a TAG of a device's template by name (undefined: no such TAG). */
  tagId(deviceId: number, tag: string): Promise<number | undefined>;
  /** Any value of the device changed (the live cache's own notice). */
  onDeviceValues(deviceId: number, listener: () => void): () => void;
}

export const ScadaContext = createContext<ScadaContextValue | null>(null);

export function useScada(): ScadaContextValue {
  const ctx = useContext(ScadaContext);
  if (!ctx) throw new Error('useScada outside a screen');
  return ctx;
}

const NONE: Snapshot = { sample: undefined };

/** The latest value of a binding; the widget re-renders only when its sample changes. */
export function useBound(binding: Binding | null): string | undefined {
  return useBoundSample(binding)?.value;
}

/** The latest sample of a binding (its value, and while bad its reason `q`). */
export function useBoundSample(binding: Binding | null): TagSample | undefined {
  const { store, deviceOf } = useScada();
  const device = deviceOf(binding);
  const key = binding && device !== null ? valueKey(device, binding.tag) : null;
  const subscribe = useCallback(
    (fn: () => void) => (key ? store.subscribe(key, fn) : () => undefined),
    [store, key],
  );
  const snap = useSyncExternalStore(subscribe, () => (key ? store.get(key) : NONE));
  return snap.sample;
}

export function useFeedback(widgetId: string): Feedback | undefined {
  const { feedback } = useScada();
  const subscribe = useCallback((fn: () => void) => feedback.subscribe(widgetId, fn), [feedback, widgetId]);
  return useSyncExternalStore(subscribe, () => feedback.get(widgetId));
}
