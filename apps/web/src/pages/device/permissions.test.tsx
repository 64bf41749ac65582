// @vitest-environment jsdom
/**
 * Controls needing a permission id are shown only when allowed (spec §5/§6): each registry screen as
 * the main account, and as a sub-account holding only the area's view id, against a real local server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage, setLanguage } from '../../test/render';
import { DeviceGroupPage } from './DeviceGroupPage';
import { DeviceListPage } from './DeviceListPage';
import { ProjectListPage } from './ProjectListPage';
import { TemplateListPage } from './TemplateListPage';
import { signInAs, serveApi } from '../../test/apiServer';
import { deviceRow } from '../../test/deviceFixtures';

const group = {
  id: 1,
  parent_id: null,
  name: 'Plant',
  title: 'Plant',
  key: '1',
  level: 1,
  parent_name: '',
  children: [],
  device_count: 1,
};
const template = {
  id: 3,
  name: 'Press line',
  hmi_model: 'HMI-7000',
  version: 2,
  firmware: '',
  recipe: '',
  device_count: 1,
  tag_count: 4,
  created_at: 1700000000,
  updated_at: 1700000000,
};
const project = {
  id: 4,
  name: 'Hall A',
  device_count: 1,
  devices: [{ id: 7, name: 'Press7', sn: 'SN-7', model: 'HMI-7000', online: 0 }],
  created_at: 1700000000,
  updated_at: 1700000000,
};

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/devices', () => ({
    list: [deviceRow(7, { group_id: 1, group_path: ['Plant'] })],
    total: 1,
  }));
  api.routes.set('GET /v1/groups', () => [group]);
  api.routes.set('GET /v1/labels', () => ({ list: [], total: 0 }));
  api.routes.set('GET /v1/templates', () => ({ list: [template], total: 1 }));
  api.routes.set('GET /v1/projects', () => ({ list: [project], total: 1 }));
  await setLanguage('zh-CN');
});

const main = { is_main: true, permissions: [] };

describe('permission-gated controls', { timeout: 30000 }, () => {
  it('device list: bind (3), edit (4) and unbind (5)', async () => {
    await signInAs(api, main);
    const mainView = renderPage(<DeviceListPage />);
    await screen.findByTestId('device-link-7');
    for (const id of ['device-bind', 'device-edit-7', 'device-unbind-7'])
      expect(screen.getByTestId(id)).toBeTruthy();
    mainView.unmount();

    await signInAs(api, { is_main: false, permissions: [2, 4] });
    renderPage(<DeviceListPage />);
    await screen.findByTestId('device-link-7');
    expect(screen.queryByTestId('device-bind')).toBeNull();
    expect(screen.queryByTestId('device-unbind-7')).toBeNull();
    expect(screen.getByTestId('device-edit-7')).toBeTruthy();
  });

  it('device list: the labels button needs edit (4), the id that manages labels', async () => {
    await signInAs(api, { is_main: false, permissions: [2] });
    const viewer = renderPage(<DeviceListPage />);
    await screen.findByTestId('device-link-7');
    expect(screen.queryByTestId('labels-open')).toBeNull();
    viewer.unmount();

    await signInAs(api, { is_main: false, permissions: [2, 4] });
    renderPage(<DeviceListPage />);
    await screen.findByTestId('device-link-7');
    expect(screen.getByTestId('labels-open')).toBeTruthy();
  });

  it('device groups: add (14), rename and move (15), delete (16)', async () => {
    const groupActions = [
      'group-add-root',
      'group-add-child-1',
      'group-rename-1',
      'group-move-1',
      'group-delete-1',
    ];
    await signInAs(api, main);
    const mainView = renderPage(<DeviceGroupPage />);
    await screen.findByTestId('group-node-1');
    for (const id of groupActions) expect(screen.getByTestId(id)).toBeTruthy();
    mainView.unmount();

    await signInAs(api, { is_main: false, permissions: [13] });
    renderPage(<DeviceGroupPage />);
    await screen.findByTestId('group-node-1');
    for (const id of groupActions) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('templates: add (9), copy (10), edit (11), delete (12)', async () => {
    await signInAs(api, main);
    const mainView = renderPage(<TemplateListPage />);
    await screen.findByTestId('template-open-3');
    for (const id of ['template-add', 'template-copy-3', 'template-edit-3', 'template-delete-3'])
      expect(screen.getByTestId(id)).toBeTruthy();
    mainView.unmount();

    await signInAs(api, { is_main: false, permissions: [8, 10] });
    renderPage(<TemplateListPage />);
    await screen.findByTestId('template-open-3');
    expect(screen.getByTestId('template-copy-3')).toBeTruthy();
    for (const id of ['template-add', 'template-edit-3', 'template-delete-3'])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('projects: add (40), edit (42), delete (43)', async () => {
    await signInAs(api, main);
    const mainView = renderPage(<ProjectListPage />);
    await screen.findByTestId('project-open-4');
    for (const id of ['project-add', 'project-edit-4', 'project-delete-4'])
      expect(screen.getByTestId(id)).toBeTruthy();
    mainView.unmount();

    await signInAs(api, { is_main: false, permissions: [39] });
    renderPage(<ProjectListPage />);
    await screen.findByTestId('project-open-4');
    for (const id of ['project-add', 'project-edit-4', 'project-delete-4'])
      expect(screen.queryByTestId(id)).toBeNull();
  });
});
