import {
  documentBindings,
  getDashboard,
  getScreen,
  listDevices,
  listProjects,
  listProjectScreens,
  listTemplateScreens,
  login,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { api, restartApp } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok } from '../../test/registry';
import { demoAccount } from '../account/demo';
import { DEMO_PROJECT, DEMO_PROJECT_SCREEN, DEMO_TEMPLATE_SCREEN } from './screens';

describe.each(databases)('DEMO=1 configuration screens ($name)', (database) => {
  const h = useHarness(database, { env: { DEMO: '1' } });

  const demo = async () => {
    const r = await api(h.app, login, {
      query: { type: '1' },
      body: { user: demoAccount.username, passwd: demoAccount.password },
    });
    return { token: r.body.data.token };
  };

  async function seeded() {
    const user = await demo();
    const devices = (await ok(h, user, listDevices)).list.sort((a, b) => a.sn.localeCompare(b.sn));
    const templateId = devices[0]?.template_id ?? 0;
    const templateScreens = await ok(h, user, listTemplateScreens, { params: { id: templateId } });
    const projects = await ok(h, user, listProjects, { query: { keyword: DEMO_PROJECT } });
    const projectId = projects.list[0]?.id ?? 0;
    const projectScreens = await ok(h, user, listProjectScreens, { params: { id: projectId } });
    return { user, devices, templateScreens, projects, projectScreens };
  }

  it('ships the oven line on the demo template and the three HMIs side by side in a demo project', async () => {
    const { user, devices, templateScreens, projects, projectScreens } = await seeded();
    expect(devices).toHaveLength(3);
    expect(templateScreens.list.map((s) => s.name)).toEqual([DEMO_TEMPLATE_SCREEN]);
    const oven = await ok(h, user, getScreen, {
      params: { id: templateScreens.list[0]?.id ?? 0 },
      query: { device_id: devices[0]?.id },
    });
    const types = new Set(oven.document.widgets.map((w) => w.type));
    for (const type of ['gauge', 'trend', 'lamp', 'switch', 'input', 'value', 'alarm_banner'] as const)
      expect(types.has(type), type).toBe(true);
    expect(oven.document.widgets.find((w) => w.type === 'switch')).toMatchObject({
      binding: { tag: 'running' },
      action: { kind: 'toggle' },
    });
    expect(oven.document.artwork).toContain('<svg');

    expect(projects.list).toHaveLength(1);
    expect(projectScreens.list.map((s) => s.name)).toEqual([DEMO_PROJECT_SCREEN]);
    const overview = await ok(h, user, getScreen, { params: { id: projectScreens.list[0]?.id ?? 0 } });
    const bound = new Set(documentBindings(overview.document).map((b) => b.device_id));
    expect([...bound].sort()).toEqual(devices.map((d) => d.id).sort());
  });

  it('starts the dashboard with the three HMIs as favourites', async () => {
    const user = await demo();
    const dashboard = await ok(h, user, getDashboard);
    const devices = (await ok(h, user, listDevices)).list;
    expect(dashboard.favourites.map((f) => f.id).sort()).toEqual(devices.map((d) => d.id).sort());
  });

  it('seeds once: a restart adds no screen or project', async () => {
    await restartApp(h);
    const { templateScreens, projects, projectScreens } = await seeded();
    expect(templateScreens.total).toBe(1);
    expect(projects.total).toBe(1);
    expect(projectScreens.total).toBe(1);
  });
});
