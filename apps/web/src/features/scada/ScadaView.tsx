/**
 * A screen document drawn live: the sanitised artwork as an image (so nothing in it can run or
 * load), the widgets above it, the whole stage scaled to its box. Only the devices of the screen
 * are watched, and each message updates only the bound keys whose sample changed (see valueStore).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DeviceOnline,
  documentBindings,
  parseTypedValue,
  type Binding,
  type Screen,
  type Widget,
} from '@hmi/contract';
import { reasonText } from '../../live/reasonText';
import type { LiveConnection, LiveDevices } from '../../live/types';
import { ScadaContext, type ScadaContextValue } from './context';
import { createFeedbackStore } from './feedback';
import { truthy } from './format';
import { TypedValueField } from './TypedValueField';
import { createValueStore, valueKey, type ValueStoreOptions } from './valueStore';
import { createPainter } from './widgets/painter';
import { ownAction } from './widgets/Controls';
import { WidgetFrame } from './widgets/WidgetFrame';
import { createWriter, type CommandSource, type Writer } from './writes';
import './scada.css';

export type ScadaLive = LiveDevices & CommandSource & Pick<LiveConnection, 'narrow'>;

export interface ScadaViewProps {
  screen: Screen;
  /** The device a template screen is shown for (ignored by project screens). */
  deviceId: number | null;
  live: ScadaLive;
  canWrite: boolean;
  /** Opens another screen, in this one's place or as a dialog over it. */
  onGoto(screenId: number, dialog: boolean): void;
  /** The speed bench's naive mode; the viewer uses the default. */
  mode?: ValueStoreOptions['mode'];
  /** Tests and the bench: writes without the HTTP client. */
  writer?: Writer;
}

/** How long a done mark stays on a widget. */
const DONE_SHOWN_MS = 3000;

function useFitScale(width: number, height: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => setScale(Math.min(el.clientWidth / width, el.clientHeight / height) || 1);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [width, height]);
  return { ref, scale };
}

export function ScadaView({ screen, deviceId, live, canWrite, onGoto, mode, writer: given }: ScadaViewProps) {
  const { t } = useTranslation('scada');
  const { modal } = App.useApp();
  const doc = screen.document;
  const template = screen.template_id !== null;

  const deviceOf = useCallback(
    (b: Binding | null) => (b ? (b.device_id ?? (template ? deviceId : null)) : null),
    [template, deviceId],
  );
  const keys = useMemo(
    () =>
      documentBindings(doc).flatMap((b) => {
        const d = deviceOf(b);
        return d === null ? [] : [valueKey(d, b.tag)];
      }),
    [doc, deviceOf],
  );
  const devices = useMemo(() => {
    const ids = new Set(documentBindings(doc).map((b) => deviceOf(b)));
    if (template && deviceId !== null) ids.add(deviceId);
    // A banner's devices are watched too (online state only, no TAGs), so it greys with them.
    for (const w of doc.widgets) if (w.type === 'alarm_banner') w.props.device_ids.forEach((d) => ids.add(d));
    return [...ids].filter((d): d is number => d !== null).sort((a, b) => a - b);
  }, [doc, deviceOf, template, deviceId]);

  const store = useMemo(() => createValueStore(keys, { mode }), [keys, mode]);
  const feedback = useMemo(() => createFeedbackStore(), []);
  const writer = useMemo(() => given ?? createWriter(live), [given, live]);
  useEffect(() => () => store.dispose(), [store]);
  const painter = useMemo(() => createPainter(store, doc.width, doc.height), [store, doc.width, doc.height]);
  useEffect(() => () => painter.dispose(), [painter]);
  useEffect(
    () =>
      painter.setWords({
        on: t('state.on'),
        off: t('state.off'),
        bad: (reason) => t('live:quality.bad', { reason: reasonText(t, reason) }),
      }),
    [painter, t],
  );
  useEffect(() => (given ? undefined : () => writer.dispose()), [given, writer]);

  // The socket sends only the TAGs this screen shows (asked before subscribing: the snapshot too).
  const tagsByDevice = useMemo(() => {
    const out = new Map<number, string[]>(devices.map((d) => [d, []]));
    for (const key of new Set(keys)) {
      const at = key.indexOf(':');
      out.get(Number(key.slice(0, at)))?.push(key.slice(at + 1));
    }
    return out;
  }, [devices, keys]);

  useEffect(() => {
    tagsByDevice.forEach((tags, id) => live.narrow(id, tags));
    const unwatch = live.watch(devices);
    const stops = devices.map((id) => {
      const push = () => store.push(id, live.device(id)?.values ?? new Map());
      push();
      return live.onValues(id, push);
    });
    return () => {
      stops.forEach((stop) => stop());
      unwatch();
      tagsByDevice.forEach((_, id) => live.narrow(id, null));
    };
  }, [live, devices, store, tagsByDevice]);

  const version = useSyncExternalStore(live.onDevices, () => live.version);
  /** The devices each widget shows: its binding's, a trend's TAGs', an alarm banner's (or all). */
  const widgetDevices = useMemo(
    () =>
      doc.widgets.map((w) => {
        const own = [
          deviceOf(w.binding),
          ...(w.type === 'trend' ? w.props.tags.map(deviceOf) : []),
          ...(w.type === 'alarm_banner' ? (w.props.device_ids.length ? w.props.device_ids : devices) : []),
        ];
        return own.filter((d): d is number => d !== null);
      }),
    [doc.widgets, deviceOf, devices],
  );
  const offline = useMemo(
    () => new Set(devices.filter((id) => live.device(id)?.online?.online === DeviceOnline.OFFLINE)),
    // `version` is the live store's change counter for online states.
    [devices, live, version], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const act = useCallback(
    (w: Widget, current: string | undefined, chosen?: { value: string; shown: string }) => {
      const kind = w.action?.kind ?? ownAction(w.type);
      if (kind === null) return;
      if (w.action?.kind === 'goto') return onGoto(w.action.screen_id, w.action.dialog);
      const device = deviceOf(w.binding);
      if (!canWrite || !w.binding || device === null) return;
      const tag = w.binding.tag;
      const send = (value: string) => {
        feedback.set(w.id, { state: 'pending', error: null });
        void writer
          .write(device, tag, value)
          .then((o) => {
            feedback.set(w.id, { state: o.status, error: o.error });
            if (o.status === 'done')
              setTimeout(() => {
                if (feedback.get(w.id)?.state === 'done') feedback.set(w.id, undefined);
              }, DONE_SHOWN_MS);
          })
          .catch(() => feedback.set(w.id, { state: 'failed', error: null }));
      };
      const confirm = (value: string, shown: string) =>
        modal.confirm({
          title: t('write.confirmTitle'),
          content: t('write.confirm', { tag, value: shown }),
          okText: t('write.ok'),
          onOk: () => send(value),
        });
      if (kind === 'set') return chosen && confirm(chosen.value, chosen.shown || chosen.value);
      if (w.action?.kind === 'write') {
        const v = w.action.value;
        const text = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
        return confirm(text, text);
      }
      if (kind === 'toggle') {
        const next = truthy(current) ? '0' : '1';
        return confirm(next, next === '1' ? t('write.on') : t('write.off'));
      }
      const bounds = w.action?.kind === 'input' ? w.action : { min: null, max: null };
      // Parsed by the TAG's data type, as the server parses it: the dialog opens once it is known.
      void writer.tag(device, tag).then((def) => {
        if (!def) return feedback.set(w.id, { state: 'failed', error: null });
        const check = (text: string) => {
          const parsed = parseTypedValue(def.data_type, text);
          if (!parsed.ok) return { error: t(`validation:${parsed.reason}`) };
          const n = Number(parsed.text);
          if ((bounds.min !== null && n < bounds.min) || (bounds.max !== null && n > bounds.max))
            return { error: t('validation:range') };
          return { text: parsed.text };
        };
        let entered = current ?? '';
        modal.confirm({
          title: t('write.inputTitle', { tag }),
          okText: t('write.ok'),
          content: (
            <TypedValueField
              initial={entered}
              check={(text) => check(text).error ?? null}
              onText={(text) => (entered = text)}
            />
          ),
          // Taking `close` keeps the dialog open until called: a refused value stays to be corrected.
          onOk: (close: () => void) => {
            const checked = check(entered);
            if (checked.text === undefined) return;
            send(checked.text);
            close();
          },
        });
      });
    },
    [canWrite, deviceOf, feedback, modal, onGoto, t, writer],
  );

  const ctx = useMemo<ScadaContextValue>(
    () => ({
      store,
      feedback,
      painter,
      deviceOf,
      act,
      canWrite,
      devices,
      tagId: async (d, tag) => (await writer.tag(d, tag))?.id,
      onDeviceValues: (d, fn) => live.onValues(d, fn),
    }),
    [store, feedback, painter, deviceOf, act, canWrite, devices, writer, live],
  );

  const artwork = useMemo(
    () => (doc.artwork ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(doc.artwork)}` : null),
    [doc.artwork],
  );
  const { ref, scale } = useFitScale(doc.width, doc.height);
  const canvas = useRef<HTMLCanvasElement>(null);
  // Sized to the stage's scale on screen, so the drawing is as sharp as the DOM beside it.
  useEffect(() => {
    painter.attach(canvas.current, scale);
    return () => painter.attach(null, scale);
  }, [painter, scale]);
  return (
    <div className="scada-fit" ref={ref}>
      <div
        className="scada-stage"
        data-testid="scada-stage"
        style={{
          width: doc.width,
          height: doc.height,
          background: doc.background,
          transform: `scale(${scale})`,
        }}
      >
        {artwork && <img className="scada-artwork" alt="" src={artwork} draggable={false} />}
        <canvas
          className="scada-canvas"
          ref={canvas}
          aria-hidden
          style={{ width: doc.width, height: doc.height }}
        />
        <ScadaContext.Provider value={ctx}>
          {doc.widgets.map((w, i) => (
            <WidgetFrame
              key={w.id}
              w={w}
              // Greyed when any device it shows is offline: part of what it shows is no longer live.
              offline={widgetDevices[i]?.some((d) => offline.has(d)) ?? false}
              assets={doc.assets}
              order={i}
            />
          ))}
        </ScadaContext.Provider>
      </div>
    </div>
  );
}
