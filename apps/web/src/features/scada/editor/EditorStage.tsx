/**
 * The editor's canvas: the screen drawn by the viewer's renderers, and above it one overlay that
 * takes every pointer event (widgets do not act while edited) and shows the selection, the resize
 * handles of a single selected widget, the snapping guides and the rubber band.
 */
import { useTranslation } from 'react-i18next';
import type { Widget } from '@hmi/contract';
import { DragGhost } from './DragGhost';
import type { EditorState } from './model';
import { bounds } from './snap';
import { StageDrawing } from './StageDrawing';
import { useGestures, type Handle } from './useGestures';
import { GUIDE_LINES } from './useMoveLayer';

const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

function Selection({ widgets, scale }: { widgets: Widget[]; scale: number }) {
  const single = widgets.length === 1;
  const box = bounds(widgets);
  // Handles keep their size on screen whatever the zoom.
  const size = 8 / scale;
  return (
    <>
      {!single &&
        widgets.map((w) => (
          <div key={w.id} className="se-picked" style={{ left: w.x, top: w.y, width: w.w, height: w.h }} />
        ))}
      <div
        className="se-selection"
        data-testid="editor-selection"
        style={{ left: box.x, top: box.y, width: box.w, height: box.h, borderWidth: 1 / scale }}
      >
        {single &&
          HANDLES.map((h) => (
            <span
              key={h}
              data-handle={h}
              data-testid={`editor-handle-${h}`}
              className={`se-handle se-handle-${h}`}
              style={{ width: size, height: size, margin: -size / 2 }}
            />
          ))}
      </div>
    </>
  );
}

/** The snapping guides of a drag: lines placed by the drag itself (useMoveLayer), hidden until used. */
function GuideLines({
  attach,
  scale,
}: {
  attach(el: HTMLElement | null): (() => void) | undefined;
  scale: number;
}) {
  const lines = Array.from({ length: GUIDE_LINES }, (_, i) => i);
  return (
    <div ref={attach} className="se-guides">
      {lines.map((i) => (
        <div key={`x${i}`} className="se-guide se-guide-x" style={{ width: 1 / scale }} />
      ))}
      {lines.map((i) => (
        <div key={`y${i}`} className="se-guide se-guide-y" style={{ height: 1 / scale }} />
      ))}
    </div>
  );
}

export function EditorStage({
  state,
  setState,
  scale,
}: {
  state: EditorState;
  setState: (fn: (s: EditorState) => EditorState) => void;
  scale: number;
}) {
  const { t } = useTranslation('editor');
  const { draft, moving, follow, guideLines, band, ...pointer } = useGestures(state, setState, scale);
  // While a resize or band runs the canvas draws its draft; the editor's state changes when it ends.
  // A drag leaves the document as it is and carries the dragged widgets on their own layer.
  const doc = draft?.doc ?? state.doc;
  const picked = new Set(draft?.selected ?? state.selected);
  const selected = doc.widgets.filter((w) => picked.has(w.id));
  return (
    <div className="se-stage-box" style={{ width: doc.width * scale, height: doc.height * scale }}>
      <div
        className="scada-stage se-stage"
        data-testid="editor-stage"
        style={{
          width: doc.width,
          height: doc.height,
          background: doc.background,
          transform: `scale(${scale})`,
        }}
      >
        <StageDrawing doc={doc} scale={scale} hidden={moving?.ids} />
        {moving && <DragGhost doc={doc} ids={moving.ids} box={moving.box} scale={scale} follow={follow} />}
        <div
          className="se-overlay"
          role="application"
          aria-label={t('canvas', { count: selected.length })}
          {...pointer}
        >
          {selected.length > 0 && (
            <div ref={follow} className={`se-selected${moving ? ' se-dragging' : ''}`}>
              <Selection widgets={selected} scale={scale} />
            </div>
          )}
          {moving && <GuideLines attach={guideLines} scale={scale} />}
          {band && (
            <div
              className="se-band"
              style={{
                left: band.x,
                top: band.y,
                width: band.w,
                height: band.h,
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
