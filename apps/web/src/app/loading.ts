/**
 * The full-page loading overlay of spec section 2, switched by `window.$loading.start()` /
 * `finish()` (or the module exports). Starts nest: the overlay stays until every start is finished.
 */
import { useSyncExternalStore } from 'react';

export interface LoadingControl {
  start(): void;
  finish(): void;
}

declare global {
  interface Window {
    $loading: LoadingControl;
  }
}

let depth = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function startLoading(): void {
  depth += 1;
  if (depth === 1) notify();
}

export function finishLoading(): void {
  if (depth === 0) return;
  depth -= 1;
  if (depth === 0) notify();
}

export function isLoading(): boolean {
  return depth > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadingVisible(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}

export const loading: LoadingControl = { start: startLoading, finish: finishLoading };

if (typeof window !== 'undefined') window.$loading = loading;
