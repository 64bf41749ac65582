// @vitest-environment jsdom
/**
 * The screens drawer against a real local HTTP server speaking the contract: listing, opening in the
 * viewer (a template's devices; a project screen alone), reorder, rename, delete, export, and the
 * permission gating (template 8 view / 11 change, project 39 / 42, expired read-only).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, setLanguage, i18next } from '../../../test/render';
import { signInAs, serveApi } from '../../../test/apiServer';
import { deviceRow } from '../../../test/deviceFixtures';
import { ScreensDrawer } from './ScreensDrawer';
import type { ScreenOwner } from './owner';
import { PROJECT_ID, screenRow, TEMPLATE_ID } from '../../../test/screenFixtures';

const template: ScreenOwner = { kind: 'template', id: TEMPLATE_ID, name: 'Oven', model: 'HMI-7000' };
const project: ScreenOwner = { kind: 'project', id: PROJECT_ID, name: 'Line' };
const main = { is_main: true, permissions: [] };
const v = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const downloads: string[] = [];

const api = serveApi();
beforeAll(async () => {
  await setLanguage('en-US');
  URL.createObjectURL = () => 'blob:screens';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) downloads.push(this.download);
  });
});
afterAll(async () => {
  await setLanguage('zh-CN');
});
beforeEach(() => {
  api.routes.set(`GET /v1/templates/${TEMPLATE_ID}/screens`, () => ({
    list: [screenRow(11), screenRow(12), screenRow(13, { name: 'Trend' })],
    total: 3,
  }));
  api.routes.set(`GET /v1/projects/${PROJECT_ID}/screens`, () => ({
    list: [screenRow(21, { template_id: null, project_id: PROJECT_ID, name: 'Line view' })],
    total: 1,
  }));
  api.routes.set('GET /v1/devices', () => ({
    list: [deviceRow(7, { template_id: TEMPLATE_ID }), deviceRow(8, { template_id: 99 })],
    total: 2,
  }));
  api.calls.length = 0;
  downloads.length = 0;
});

const renderDrawer = (owner: ScreenOwner) =>
  renderPage(<ScreensDrawer owner={owner} onClose={() => undefined} />);
const document1 = {
  version: 1,
  width: 16,
  height: 16,
  background: '#fff',
  artwork: '',
  widgets: [],
  assets: {},
};

describe('screens drawer', { timeout: 60000 }, () => {
  it('lists a template’s screens and opens each for one of the template’s devices in a new tab', async () => {
    await signInAs(api, main);
    renderDrawer(template);
    expect((await screen.findByTestId('screen-name-11')).textContent).toBe('Screen 11');
    expect(screen.getByText(v('screens:title', { name: 'Oven' }))).toBeTruthy();
    // The devices of the template's model, those of the template only.
    await waitFor(() => expect(api.callsTo('GET /v1/devices')).toHaveLength(1));
    expect(api.callsTo('GET /v1/devices')[0]?.query.get('model')).toBe('HMI-7000');
    // Until the devices' answer reaches the drawer, "View" is a plain link to the viewer (no device):
    // once they are there it opens the list of devices to pick from.
    await waitFor(() => expect(screen.getByTestId('screen-view-11').getAttribute('href')).toBeNull());
    fireEvent.click(screen.getByTestId('screen-view-11'));
    const link = await screen.findByTestId('screen-view-11-device-7');
    expect(link.getAttribute('href')).toBe('#/scada?device=7&screen=11');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('screen-view-11-device-8')).toBeNull();
  });

  it('moves a screen down by renumbering the order, renames and deletes after confirming', async () => {
    await signInAs(api, main);
    api.routes.set('PUT /v1/screens/12', (req) => ({
      ...screenRow(12),
      ...(req.body as object),
      document: document1,
    }));
    api.routes.set('PUT /v1/screens/13', (req) => ({
      ...screenRow(13),
      ...(req.body as object),
      document: document1,
    }));
    api.routes.set('PUT /v1/screens/11', (req) => ({
      ...screenRow(11),
      ...(req.body as object),
      document: document1,
    }));
    api.routes.set('DELETE /v1/screens/13', () => null);
    renderDrawer(template);
    await screen.findByTestId('screen-name-11');
    expect(screen.getByTestId('screen-up-11').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('screen-down-13').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('screen-down-11'));
    await waitFor(() => expect(api.callsTo('PUT /v1/screens/13')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/screens/11')[0]?.body).toEqual({ sort: 1 });
    expect(api.callsTo('PUT /v1/screens/13')[0]?.body).toEqual({ sort: 2 });
    // Screen 12 already had sort 0, its new place.
    expect(api.callsTo('PUT /v1/screens/12')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('screen-rename-12'));
    const name = await waitFor(() => {
      const input = document.getElementById('screenName_name') as HTMLInputElement | null;
      if (!input) throw new Error('no name field');
      return input;
    });
    expect(name.value).toBe('Screen 12');
    fireEvent.change(name, { target: { value: '  Oven overview ' } });
    fireEvent.click(
      document.querySelector<HTMLButtonElement>('form#screenName button[type="submit"]') ?? name,
    );
    await waitFor(() => expect(api.callsTo('PUT /v1/screens/12')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/screens/12')[0]?.body).toEqual({ name: 'Oven overview' });
    expect(await screen.findByText(v('screens:renamed'))).toBeTruthy();

    fireEvent.click(screen.getByTestId('screen-delete-13'));
    expect(await screen.findByText(v('screens:deleteContent', { name: 'Trend' }))).toBeTruthy();
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-modal-confirm .ant-btn-primary');
      if (!button) throw new Error('no confirm dialog');
      return button;
    });
    fireEvent.click(ok);
    await waitFor(() => expect(api.callsTo('DELETE /v1/screens/13')).toHaveLength(1));
  });

  it('exports one screen and all screens as .zip files', async () => {
    await signInAs(api, main);
    const zip = { content_base64: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', total: 1 };
    api.routes.set('GET /v1/screens/12/export', () => ({ ...zip, filename: 'Screen_12_screens.zip' }));
    api.routes.set(`GET /v1/templates/${TEMPLATE_ID}/screens/export`, () => ({
      ...zip,
      filename: 'template_3_screens.zip',
      total: 3,
    }));
    renderDrawer(template);
    await screen.findByTestId('screen-name-12');
    fireEvent.click(screen.getByTestId('screen-export-12'));
    await waitFor(() => expect(downloads).toEqual(['Screen_12_screens.zip']));
    // A loading button takes no click: the first export has to settle.
    await waitFor(() => expect(screen.getByTestId('screens-export').className).not.toContain('loading'));
    fireEvent.click(screen.getByTestId('screens-export'));
    await waitFor(() => expect(downloads).toEqual(['Screen_12_screens.zip', 'template_3_screens.zip']));
  });

  it('needs id 11 to change a template’s screens; 8 alone lists, opens and exports', async () => {
    const changes = [
      'screens-import',
      'screens-new',
      'screen-edit-11',
      'screen-rename-11',
      'screen-delete-11',
    ];
    await signInAs(api, { is_main: false, permissions: [8] });
    const viewOnly = renderDrawer(template);
    await screen.findByTestId('screen-name-11');
    for (const id of changes) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('screen-down-11').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('screen-export-11')).toBeTruthy();
    // Without 2 and 7 the viewer opens the picture alone, and no device list is asked for.
    expect(screen.getByTestId('screen-view-11').getAttribute('href')).toBe('#/scada?screen=11');
    expect(api.callsTo('GET /v1/devices')).toHaveLength(0);
    viewOnly.unmount();

    await signInAs(api, { is_main: false, permissions: [8, 11] });
    const editor = renderDrawer(template);
    await screen.findByTestId('screen-name-11');
    for (const id of changes) expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.getByTestId('screen-down-11').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('screen-edit-11').getAttribute('href')).toBe('#/scada/edit?screen=11');
    editor.unmount();

    // An expired template is read-only even for the main account.
    await signInAs(api, main);
    renderDrawer({ ...template, expired: true });
    await screen.findByTestId('screen-name-11');
    for (const id of changes) expect(screen.queryByTestId(id)).toBeNull();
    // The main account may open a device's screen, so the template's devices are asked for; wait for
    // that call here, or it reaches the server during the next test and is counted there.
    await waitFor(() => expect(api.callsTo('GET /v1/devices')).toHaveLength(1));
  });

  it('needs id 42 to change a project’s screens; 39 alone lists them; a project screen opens alone', async () => {
    const changes = [
      'screens-import',
      'screens-new',
      'screen-edit-21',
      'screen-rename-21',
      'screen-delete-21',
    ];
    await signInAs(api, { is_main: false, permissions: [39] });
    const viewOnly = renderDrawer(project);
    await screen.findByTestId('screen-name-21');
    for (const id of changes) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('screen-view-21').getAttribute('href')).toBe('#/scada?screen=21');
    viewOnly.unmount();

    await signInAs(api, { is_main: false, permissions: [2, 7, 39, 42] });
    renderDrawer(project);
    expect((await screen.findByTestId('screen-name-21')).textContent).toBe('Line view');
    for (const id of changes) expect(screen.getByTestId(id)).toBeTruthy();
    // A project screen names its devices itself: no device to choose.
    expect(screen.getByTestId('screen-view-21').getAttribute('href')).toBe('#/scada?screen=21');
    expect(api.callsTo('GET /v1/devices')).toHaveLength(0);
  });
});
