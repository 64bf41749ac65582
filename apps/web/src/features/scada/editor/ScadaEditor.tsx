/**
 * The screen editor (/scada/edit): palette, canvas and properties panel over one document, with
 * undo/redo, save as a new version (refused with 1210 when someone saved since: the user chooses to
 * reload), the version list with restore, and a preview of the unsaved document with live values.
 * Loaded only by its own route, so the viewer's first load carries none of it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Select, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ErrorCode,
  listScreenVersions,
  screenDocument,
  type Screen,
  type ScreenAsset,
  type ScreenSummary,
  type Widget,
  type WidgetType,
} from '@hmi/contract';
import { isApiError } from '../../../api/errors';
import { invalidateCalls } from '../../../api/callQuery';
import { restoreScreenVersion, saveScreenDocument } from '../../../api/screenVersions';
import { errorText } from '../../../shared/errors';
import { EyeOutlined, HistoryOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '../../../ui/icons';
import { ScadaView, type ScadaLive } from '../ScadaView';
import { firstBinding, type Bindable } from './bindable';
import { EditorStage } from './EditorStage';
import { editorKey, ownKey } from './keyboard';
import {
  addWidget,
  commit,
  freeId,
  initialState,
  newWidget,
  redo,
  removeSelected,
  reorder,
  undo,
  updateWidget,
  type EditorState,
  type ShapeKind,
} from './model';
import { Palette } from './Palette';
import { PropertiesPanel } from './PropertiesPanel';
import { useFit } from './useFit';
import { VersionsDrawer } from './VersionsDrawer';
import './editor.css';

export interface ScadaEditorProps {
  screen: Screen;
  bindable: Bindable;
  /** The owner's screens (go-to targets). */
  screens: readonly ScreenSummary[];
  /** Template screens: the devices whose live values the preview may show. */
  previewDevices: readonly { id: number; name: string }[];
  live: ScadaLive;
  /** Loads the screen again (after a conflict, the user chose to see the saved one). */
  onReload(): void;
}

export function ScadaEditor({ screen, bindable, screens, previewDevices, live, onReload }: ScadaEditorProps) {
  const { t } = useTranslation('editor');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [state, setState] = useState<EditorState>(() => initialState(screen.document));
  const [saved, setSaved] = useState({ version: screen.version, doc: screen.document });
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const [previewDevice, setPreviewDevice] = useState<number | null>(previewDevices[0]?.id ?? null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const clipboard = useRef<Widget[]>([]);
  const canvas = useRef<HTMLDivElement>(null);
  const scale = useFit(canvas, state.doc.width, state.doc.height, !preview);
  const dirty = state.doc !== saved.doc;

  // Leaving with unsaved changes asks first (the browser's own dialog).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Where a new widget goes: the top left of the canvas's visible part, stepped so adds do not pile up. */
  const placeFor = useCallback(
    (count: number) => {
      const el = canvas.current;
      const x = el ? el.scrollLeft / scale + 24 : 24;
      const y = el ? el.scrollTop / scale + 24 : 24;
      return [Math.round(x + (count % 10) * 16), Math.round(y + (count % 10) * 16)] as const;
    },
    [scale],
  );

  const add = (type: WidgetType, shape?: ShapeKind) =>
    setState((s) => {
      const [x, y] = placeFor(s.doc.widgets.length);
      const binding = type === 'trend' ? firstBinding(bindable) : null;
      return addWidget(s, newWidget(s.doc, type, x, y, { binding, shape }));
    });
  const addImage = (asset: ScreenAsset) =>
    setState((s) => {
      const id = freeId(
        { ...s.doc, widgets: Object.keys(s.doc.assets).map((k) => ({ id: k }) as Widget) },
        'img',
      );
      const doc = { ...s.doc, assets: { ...s.doc.assets, [id]: asset } };
      const [x, y] = placeFor(s.doc.widgets.length);
      return addWidget({ ...s, doc }, newWidget(doc, 'image', x, y, { asset: id }));
    });

  const save = async () => {
    const checked = screenDocument.safeParse(state.doc);
    if (!checked.success) return void message.error(t('invalid'));
    setSaving(true);
    try {
      const next = await saveScreenDocument(screen.id, checked.data, saved.version, { handleError: true });
      // The saved document (artwork sanitised by the server) is the one edited on.
      setSaved({ version: next.version, doc: state.doc });
      message.success(t('saved', { version: next.version }));
      void invalidateCalls(queryClient, [listScreenVersions]);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.SCREEN_VERSION_CONFLICT)
        modal.confirm({
          title: t('conflict.title'),
          content: t('conflict.content'),
          okText: t('conflict.reload'),
          cancelText: t('conflict.keep'),
          onOk: onReload,
        });
      else message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const restore = async (version: number) => {
    try {
      const next = await restoreScreenVersion(screen.id, version, saved.version, { handleError: true });
      setState(initialState(next.document));
      setSaved({ version: next.version, doc: next.document });
      setVersionsOpen(false);
      message.success(t('versions.restored', { version, saved: next.version }));
      void invalidateCalls(queryClient, [listScreenVersions]);
    } catch (error) {
      message.error(errorText(error));
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      if (!saving) void save();
      return;
    }
    if (preview || ownKey(e.target)) return;
    const r = editorKey(state, e, clipboard.current);
    if (!r) return;
    e.preventDefault();
    if (r.copied) clipboard.current = r.copied;
    setState(r.state);
  };

  const picked = new Set(state.selected);
  const selected = state.doc.widgets.filter((w) => picked.has(w.id));
  return (
    <div className="se-page" data-testid="page-scada-edit" onKeyDown={onKeyDown}>
      <div className="se-bar">
        <span className="se-bar-title" data-testid="editor-title">
          {screen.name}
          {dirty && <Typography.Text type="warning"> · {t('unsaved')}</Typography.Text>}
        </span>
        <Space wrap size={4}>
          <Tooltip title={t('undoKey')}>
            <Button
              icon={<UndoOutlined />}
              aria-label={t('undo')}
              disabled={!state.past.length}
              onClick={() => setState(undo)}
              data-testid="editor-undo"
            />
          </Tooltip>
          <Tooltip title={t('redoKey')}>
            <Button
              icon={<RedoOutlined />}
              aria-label={t('redo')}
              disabled={!state.future.length}
              onClick={() => setState(redo)}
              data-testid="editor-redo"
            />
          </Tooltip>
          <Button
            icon={<EyeOutlined />}
            type={preview ? 'primary' : 'default'}
            aria-pressed={preview}
            onClick={() => setPreview((p) => !p)}
            data-testid="editor-preview"
          >
            {t('preview')}
          </Button>
          {preview && screen.template_id !== null && (
            <Select
              style={{ minWidth: 140 }}
              aria-label={t('previewDevice')}
              placeholder={t('previewDevice')}
              value={previewDevice ?? undefined}
              options={previewDevices.map((d) => ({ value: d.id, label: d.name }))}
              onChange={setPreviewDevice}
              data-testid="editor-preview-device"
            />
          )}
          <Button
            icon={<HistoryOutlined />}
            onClick={() => setVersionsOpen(true)}
            data-testid="editor-versions-open"
          >
            {t('versions.open')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={!dirty}
            onClick={() => void save()}
            data-testid="editor-save"
          >
            {t('save')}
          </Button>
        </Space>
      </div>
      {preview ? (
        <Flex className="se-body scada-page-preview" style={{ background: '#1f1f1f' }}>
          <ScadaView
            screen={{ ...screen, document: state.doc }}
            deviceId={screen.template_id !== null ? previewDevice : null}
            live={live}
            canWrite={false}
            onGoto={() => undefined}
          />
        </Flex>
      ) : (
        <div className="se-body">
          <Palette canTrend={firstBinding(bindable) !== null} onAdd={add} onImage={addImage} />
          <div
            className="se-canvas"
            ref={canvas}
            tabIndex={0}
            aria-label={t('canvasKeys')}
            data-testid="editor-canvas"
          >
            <EditorStage state={state} setState={setState} scale={scale} />
          </div>
          <PropertiesPanel
            doc={state.doc}
            selected={selected}
            bindable={bindable}
            screens={screens.filter((s) => s.id !== screen.id)}
            onWidget={(w) => setState((s) => updateWidget(s, w.id, w))}
            onCanvas={(doc) => setState((s) => commit(s, doc))}
            onRemove={() => setState(removeSelected)}
            onOrder={(m) => setState((s) => reorder(s, m))}
          />
        </div>
      )}
      <VersionsDrawer
        screenId={screen.id}
        current={saved.version}
        open={versionsOpen}
        dirty={dirty}
        onClose={() => setVersionsOpen(false)}
        onRestore={(v) => void restore(v)}
      />
    </div>
  );
}
