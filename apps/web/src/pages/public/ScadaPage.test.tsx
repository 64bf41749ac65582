// @vitest-environment jsdom
/**
 * /scada's address against a real local API server: without a device or screen (or with one that is
 * not an id) the page says how to open a screen, and a device or screen the caller cannot see says
 * so; only a device whose template really has no screen says that.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { refuse, signInAs, serveApi } from '../../test/apiServer';
import { deviceRow } from '../../test/deviceFixtures';
import { ScadaPage } from './ScadaPage';

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/devices/7/screens', () => ({ list: [], total: 0, template_id: 3 }));
  api.routes.set('GET /v1/devices/7', () => deviceRow(7));
  api.routes.set('GET /v1/devices/404/screens', () => refuse(1003));
  api.routes.set('GET /v1/devices/404', () => refuse(1003));
  api.routes.set('GET /v1/screens/404', () => refuse(1003));
  await setLanguage('en-US');
});

describe('/scada address', { timeout: 30000 }, () => {
  it.each(['/', '/?foo=1', '/?device=abc', '/?screen=', '/?device=-1'])(
    '%s asks to open a screen from a device or project',
    async (url) => {
      await signInAs(api, { is_main: true, permissions: [] });
      const view = renderPage(<ScadaPage />, { url });
      const shown = await screen.findByTestId('scada-unaddressed');
      expect(shown.textContent).toContain(i18next.t('scada:unaddressed'));
      expect(screen.queryByText(i18next.t('scada:empty'))).toBeNull();
      view.unmount();
    },
  );

  it.each(['/?device=404', '/?screen=404'])('%s: not found or not visible', async (url) => {
    await signInAs(api, { is_main: true, permissions: [] });
    const view = renderPage(<ScadaPage />, { url });
    expect((await screen.findByTestId('scada-missing')).textContent).toContain(i18next.t('scada:missing'));
    view.unmount();
  });

  it('a device whose template has no screen says that', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<ScadaPage />, { url: '/?device=7' });
    expect((await screen.findByTestId('scada-none')).textContent).toContain(i18next.t('scada:empty'));
  });
});
