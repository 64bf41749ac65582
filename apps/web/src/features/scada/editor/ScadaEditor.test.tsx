// @vitest-environment jsdom
/**
 * The editor against a real local HTTP server speaking the contract: a screen built from the
 * palette and the panel is saved with the version it was loaded at; a save someone else overtook
 * (1210) offers to reload and keeps the edits until the user chooses; versions are listed and one
 * restored; the keys edit the canvas but not while typing in the panel.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ErrorCode, screenDocument, type ScreenDocument } from '@hmi/contract';
import { refuse, signInAs, startApiServer, type ApiServer } from '../../../test/apiServer';
import { renderPage, setLanguage, i18next } from '../../../test/render';
import { pick } from '../../../test/alarmFixtures';
import { screenOf } from '../../../test/screenFixtures';
import { ScadaEditor } from './ScadaEditor';

const v = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
let api: ApiServer;
const live = {
  narrow: () => undefined,
  watch: () => () => undefined,
  device: () => undefined,
  onDevices: () => () => undefined,
  version: 0,
  onValues: () => () => undefined,
  onCommand: () => () => undefined,
  onReady: () => () => undefined,
};

beforeAll(async () => {
  api = await startApiServer();
  await setLanguage('en-US');
});
afterAll(async () => {
  await setLanguage('zh-CN');
  await api.close();
});
beforeEach(async () => {
  api.calls.length = 0;
  await signInAs(api, { is_main: true, permissions: [] });
});

const empty = screenDocument.parse({ version: 1, width: 400, height: 300 });
const bindable = {
  kind: 'template',
  tags: [
    { name: 'temp', data_type: 9 },
    { name: 'speed', data_type: 4 },
  ],
} as const;
const onReload = vi.fn();

function renderEditor(doc: ScreenDocument = empty, version = 3) {
  renderPage(
    <ScadaEditor
      screen={screenOf(doc, { version })}
      bindable={bindable}
      screens={[]}
      previewDevices={[]}
      live={live}
      onReload={onReload}
    />,
  );
}

const canvas = () => screen.getByTestId('editor-canvas');
const widgetIds = () =>
  [...screen.getByTestId('editor-stage').querySelectorAll('[data-testid^="scada-widget-"]')].map((e) =>
    e.getAttribute('data-testid')?.replace('scada-widget-', ''),
  );

// A loaded machine renders antd's dropdowns and dialogs slowly; nothing here waits on time.
describe('screen editor', { timeout: 150_000 }, () => {
  it('builds a screen from the palette and the panel and saves it at the version loaded', async () => {
    let saved: unknown = null;
    api.routes.set('PUT /v1/screens/1', (req) => {
      saved = req.body;
      return screenOf(screenDocument.parse((req.body as { document: unknown }).document), { version: 4 });
    });
    renderEditor();
    fireEvent.click(screen.getByTestId('editor-add-gauge'));
    fireEvent.click(screen.getByTestId('editor-add-button'));
    expect(widgetIds()).toEqual(['gauge_1', 'button_1']);
    // The button is selected: bind it and make it write 1.
    const panel = screen.getByTestId('editor-panel');
    expect(within(panel).getByTestId('editor-widget-id').textContent).toBe('button_1');
    fireEvent.change(within(panel).getByLabelText(v('editor:prop.text')), { target: { value: 'Start' } });
    await pick('editor-binding', 'speed');
    await pick('editor-action', v('editor:action.write'));
    fireEvent.change(within(panel).getByTestId('editor-action-value'), { target: { value: '1' } });
    // Arrow keys move it; typed into the panel they do not.
    fireEvent.keyDown(canvas(), { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(within(panel).getByTestId('editor-action-value'), { key: 'ArrowRight' });
    fireEvent.click(screen.getByTestId('editor-save'));
    await screen.findByText(v('editor:saved', { version: 4 }));
    expect(saved).toMatchObject({
      version: 3,
      document: {
        widgets: [
          { id: 'gauge_1', type: 'gauge' },
          {
            id: 'button_1',
            binding: { tag: 'speed' },
            action: { kind: 'write', value: 1 },
            props: { text: 'Start' },
            x: 24 + 16 + 8,
          },
        ],
      },
    });
    await waitFor(() => expect((screen.getByTestId('editor-save') as HTMLButtonElement).disabled).toBe(true));
  });

  it('adds basic shapes from the palette, edits their kind, colours and stroke, and saves them', async () => {
    let saved: unknown = null;
    api.routes.set('PUT /v1/screens/1', (req) => {
      saved = req.body;
      return screenOf(screenDocument.parse((req.body as { document: unknown }).document), { version: 4 });
    });
    renderEditor();
    // A symbol's drawing only comes from an imported file: the palette has no button for one.
    expect(screen.queryByTestId('editor-add-symbol')).toBeNull();
    for (const kind of ['rect', 'ellipse', 'line'])
      fireEvent.click(screen.getByTestId(`editor-add-shape-${kind}`));
    expect(widgetIds()).toEqual(['rect_1', 'ellipse_1', 'line_1']);
    const panel = screen.getByTestId('editor-panel');
    // The line is selected: it has a direction and no fill.
    const fillLabel = () => within(panel).queryByText(v('editor:prop.fill_color'));
    expect(fillLabel()).toBeNull();
    await pick('editor-prop-line', v('editor:choice.up'));
    const width = within(panel).getByLabelText(v('editor:prop.stroke_width'));
    fireEvent.change(width, { target: { value: '65' } });
    expect(within(panel).getByTestId('editor-error').textContent).toContain(v('validation:range'));
    fireEvent.change(width, { target: { value: '6' } });
    // Made a rectangle again, it has a fill and no direction.
    await pick('editor-prop-kind', v('editor:choice.rect'));
    expect(fillLabel()).not.toBeNull();
    expect(within(panel).queryByTestId('editor-prop-line')).toBeNull();
    expect(screen.getByTestId('scada-shape-line_1').getAttribute('role')).toBe('presentation');
    fireEvent.click(screen.getByTestId('editor-save'));
    await screen.findByText(v('editor:saved', { version: 4 }));
    expect(saved).toMatchObject({
      document: {
        widgets: [
          { id: 'rect_1', type: 'shape', w: 160, h: 100, props: { kind: 'rect' } },
          { id: 'ellipse_1', type: 'shape', props: { kind: 'ellipse' } },
          { id: 'line_1', type: 'shape', h: 8, props: { kind: 'rect', line: 'up', stroke_width: 6 } },
        ],
      },
    });
  });

  it('refuses a value the contract refuses, in the panel, without changing the document', () => {
    renderEditor();
    fireEvent.click(screen.getByTestId('editor-add-text'));
    const panel = screen.getByTestId('editor-panel');
    fireEvent.change(within(panel).getByLabelText(v('editor:prop.text')), {
      target: { value: 'x'.repeat(501) },
    });
    expect(within(panel).getByTestId('editor-error').textContent).toContain(v('validation:tooLong'));
    expect(screen.getByTestId('scada-widget-text_1').textContent).toBe('Text');
  });

  it('offers to reload when someone else saved first, keeping the edits until chosen', async () => {
    api.routes.set('PUT /v1/screens/1', () => refuse(ErrorCode.SCREEN_VERSION_CONFLICT));
    renderEditor();
    fireEvent.click(screen.getByTestId('editor-add-lamp'));
    fireEvent.click(screen.getByTestId('editor-save'));
    await screen.findAllByText(v('editor:conflict.title'));
    // By text, not role: naming every button of antd's dialog is slow in jsdom.
    fireEvent.click(screen.getByText(v('editor:conflict.keep')));
    expect(widgetIds()).toEqual(['lamp_1']);
    expect(onReload).not.toHaveBeenCalled();
    // The first dialog may still be in the document while it closes: wait for one more.
    const shown = () => screen.queryAllByText(v('editor:conflict.reload')).length;
    const before = shown();
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    await waitFor(() => expect(shown()).toBeGreaterThan(before));
    fireEvent.click(screen.getAllByText(v('editor:conflict.reload')).at(-1) as HTMLElement);
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
  });

  it('undoes and redoes from the keyboard and the bar, and deletes the selection', () => {
    renderEditor();
    fireEvent.click(screen.getByTestId('editor-add-value'));
    fireEvent.keyDown(canvas(), { key: 'Delete' });
    expect(widgetIds()).toEqual([]);
    fireEvent.keyDown(canvas(), { key: 'z', ctrlKey: true });
    expect(widgetIds()).toEqual(['value_1']);
    fireEvent.click(screen.getByTestId('editor-redo'));
    expect(widgetIds()).toEqual([]);
  });

  it('lists the saved versions and restores one as a new version', async () => {
    const old = screenDocument.parse({
      version: 1,
      width: 400,
      height: 300,
      widgets: [{ id: 'old', type: 'lamp', x: 0, y: 0, w: 20, h: 20 }],
    });
    api.routes.set('GET /v1/screens/1/versions', () => ({
      list: [3, 2].map((n) => ({
        version: n,
        name: 'Oven',
        width: 400,
        height: 300,
        widget_count: 1,
        saved_by: 'ann',
        saved_at: 1700000000,
      })),
      total: 2,
    }));
    api.routes.set('POST /v1/screens/1/versions/2/restore', () => screenOf(old, { version: 4 }));
    renderEditor();
    fireEvent.click(screen.getByTestId('editor-versions-open'));
    fireEvent.click(await screen.findByTestId('editor-restore-2'));
    const confirm = await waitFor(() => {
      const pop = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!pop) throw new Error('no confirmation');
      return pop;
    });
    fireEvent.click(within(confirm).getByText(v('editor:versions.restore')));
    await waitFor(() => expect(widgetIds()).toEqual(['old']));
    expect(api.calls.find((c) => c.path.endsWith('/restore'))?.body).toEqual({ version: 3 });
    expect((screen.getByTestId('editor-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
