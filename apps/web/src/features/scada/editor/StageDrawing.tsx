/**
 * The screen as the viewer draws it (artwork, painted canvas, widget frames), without live values
 * or actions: the editor's canvas is the viewer's renderers, so what is edited is what /scada shows.
 * A widget whose object did not change keeps its element (cached by object), so React passes over
 * it without comparing props: resizing one widget of 500 renders that one frame. `hidden` widgets
 * (those a drag carries on its own layer, DragGhost) are left out and the others keep their places
 * in the screen's order.
 */
import { memo, useEffect, useMemo, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenDocument, Widget } from '@hmi/contract';
import { ScadaContext, type ScadaContextValue } from '../context';
import { createFeedbackStore } from '../feedback';
import { createValueStore } from '../valueStore';
import { createPainter } from '../widgets/painter';
import { WidgetFrame } from '../widgets/WidgetFrame';

const noop = () => undefined;

export const StageDrawing = memo(function StageDrawing({
  doc,
  scale,
  hidden,
}: {
  doc: ScreenDocument;
  scale: number;
  hidden?: ReadonlySet<string>;
}) {
  const { t } = useTranslation('scada');
  // No TAG is watched while editing: every widget shows its empty state.
  const store = useMemo(() => createValueStore([]), []);
  useEffect(() => () => store.dispose(), [store]);
  const painter = useMemo(() => createPainter(store, doc.width, doc.height), [store, doc.width, doc.height]);
  useEffect(() => () => painter.dispose(), [painter]);
  useEffect(
    () => painter.setWords({ on: t('state.on'), off: t('state.off'), bad: (reason) => reason }),
    [painter, t],
  );
  const ctx = useMemo<ScadaContextValue>(
    () => ({
      store,
      feedback: createFeedbackStore(),
      painter,
      deviceOf: () => null,
      act: noop,
      canWrite: false,
      devices: [],
      tagId: () => Promise.resolve(undefined),
      onDeviceValues: () => noop,
    }),
    [store, painter],
  );
  const elements = useRef(new WeakMap<Widget, { order: number; el: ReactElement }>());
  const frames = doc.widgets.map((w, i) => {
    if (hidden?.has(w.id)) return null;
    const kept = elements.current.get(w);
    if (kept?.order === i) return kept.el;
    const el = <WidgetFrame key={w.id} w={w} offline={false} assets={doc.assets} order={i} />;
    elements.current.set(w, { order: i, el });
    return el;
  });
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    painter.attach(canvas.current, scale);
    return () => painter.attach(null, scale);
  }, [painter, scale]);
  const artwork = useMemo(
    () => (doc.artwork ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(doc.artwork)}` : null),
    [doc.artwork],
  );
  return (
    <>
      {artwork && <img className="scada-artwork" alt="" src={artwork} draggable={false} />}
      <canvas
        className="scada-canvas"
        ref={canvas}
        aria-hidden
        style={{ width: doc.width, height: doc.height }}
      />
      <div className="se-frames">
        <ScadaContext.Provider value={ctx}>{frames}</ScadaContext.Provider>
      </div>
    </>
  );
});
