import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | undefined =>
  typeof window === 'undefined' ? undefined : window.matchMedia?.(QUERY);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the user asked their system for less motion (WCAG 2.3.3). */
const prefersReducedMotion = (): boolean => media()?.matches === true;

/**
 * The same, followed while the page is open: a user who turns the system setting on mid-shift gets
 * still dialogs at once, without a reload.
 */
export const useReducedMotion = (): boolean =>
  useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
