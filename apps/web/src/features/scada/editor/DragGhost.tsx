/**
 * The widgets being dragged, drawn by the viewer's renderers on a layer of their own the size of
 * their bounds (their own small canvas for the painted ones) while the stage leaves them out. The
 * layer is moved by a transform (useMoveLayer) on the compositor's side: a frame of the drag
 * repaints neither the stage's canvas nor its other widgets.
 */
import { useMemo } from 'react';
import type { ScreenDocument } from '@hmi/contract';
import type { Box } from './snap';
import { StageDrawing } from './StageDrawing';

export function DragGhost({
  doc,
  ids,
  box,
  scale,
  follow,
}: {
  doc: ScreenDocument;
  ids: ReadonlySet<string>;
  /** The dragged widgets' bounds where the drag started. */
  box: Box;
  scale: number;
  follow(el: HTMLElement | null): (() => void) | undefined;
}) {
  const ghost = useMemo<ScreenDocument>(
    () => ({
      ...doc,
      width: box.w,
      height: box.h,
      artwork: '',
      widgets: doc.widgets
        .filter((w) => ids.has(w.id))
        .map((w) => ({ ...w, x: w.x - box.x, y: w.y - box.y })),
    }),
    [doc, ids, box],
  );
  return (
    <div
      ref={follow}
      className="se-ghost"
      style={{ left: box.x, top: box.y, width: box.w, height: box.h }}
      data-testid="editor-drag-ghost"
    >
      <StageDrawing doc={ghost} scale={scale} />
    </div>
  );
}
