/**
 * What follows a drag: the dragged widgets' ghost and the selection outline, shifted by a CSS
 * transform written straight to them, and the snapping guides, a fixed set of lines moved the same
 * way. A frame of a drag renders nothing and makes or drops no element, however many widgets the
 * screen holds; the document changes once, at the drop.
 */
import { useCallback, useRef } from 'react';
import type { Guides } from './snap';

/** Guide lines per axis: a box snaps by its two edges and its centre, so at most three at once. */
export const GUIDE_LINES = 3;

export interface MoveLayer {
  /** Callback ref: the element follows the drag's offset from when it is attached. */
  follow(el: HTMLElement | null): (() => void) | undefined;
  /** Callback ref of the guides' box: GUIDE_LINES vertical lines, then GUIDE_LINES horizontal. */
  guideLines(el: HTMLElement | null): (() => void) | undefined;
  /** Shifts every following element by (dx, dy) stage pixels and shows `guides`; (0, 0) puts them back. */
  shift(dx: number, dy: number, guides?: Guides): void;
}

const NO_GUIDES: Guides = { x: [], y: [] };

function placeGuides(box: HTMLElement, guides: Guides) {
  [...box.children].forEach((line, i) => {
    if (!(line instanceof HTMLElement)) return;
    const vertical = i < GUIDE_LINES;
    const at = vertical ? guides.x[i] : guides.y[i - GUIDE_LINES];
    const transform = at === undefined ? '' : `translate${vertical ? 'X' : 'Y'}(${at}px)`;
    if (line.style.transform !== transform) line.style.transform = transform;
    const visibility = at === undefined ? '' : 'visible';
    if (line.style.visibility !== visibility) line.style.visibility = visibility;
  });
}

export function useMoveLayer(): MoveLayer {
  const elements = useRef(new Set<HTMLElement>());
  const guideBox = useRef<HTMLElement | null>(null);
  const state = useRef({ dx: 0, dy: 0, guides: NO_GUIDES });

  const place = useCallback((el: HTMLElement) => {
    const { dx, dy } = state.current;
    el.style.transform = dx || dy ? `translate(${dx}px, ${dy}px)` : '';
  }, []);

  const follow = useCallback(
    (el: HTMLElement | null) => {
      if (!el) return undefined;
      elements.current.add(el);
      place(el);
      return () => void elements.current.delete(el);
    },
    [place],
  );

  const guideLines = useCallback((el: HTMLElement | null) => {
    guideBox.current = el;
    if (el) placeGuides(el, state.current.guides);
    return () => void (guideBox.current = null);
  }, []);

  const shift = useCallback(
    (dx: number, dy: number, guides = NO_GUIDES) => {
      const moved = dx !== state.current.dx || dy !== state.current.dy;
      state.current = { dx, dy, guides };
      if (moved) elements.current.forEach(place);
      if (guideBox.current) placeGuides(guideBox.current, guides);
    },
    [place],
  );

  return { follow, guideLines, shift };
}
