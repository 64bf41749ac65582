/**
 * Importing configuration screens in Chromium against the real server with DEMO=1: a FUXA project
 * (the server's test fixture) and a data-attribute SVG go into the demo template through the screens
 * drawer's import wizard; the dry run's report lists what each item became, the variables no TAG
 * matched are mapped by hand, and the screens appear in the list with the mapped bindings stored.
 * The wizard is then looked at in zh-CN and zh-TW and at phone size; screenshots go to e2e/artifacts.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuxaProject } from '../apps/server/src/test/fuxa-fixture';
import { apiCall, DEMO } from './support/api';
import { launchBrowser, screenshotPath } from './support/browser';
import { choose } from './support/select';
import { startServer, type RunningServer } from './support/server';
import { apiLogin, signInContext, type LoginTokens } from './support/session';

/** Drawn for the demo template: `oven_level` is no TAG of it and needs mapping. */
const panelSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360">
  <rect width="640" height="360" fill="#f5f5f5"/>
  <text x="20" y="40" font-size="24">Oven panel</text>
  <rect id="temp" x="20" y="60" width="160" height="40" data-hmi-widget="value" data-hmi-tag="temperature" data-hmi-unit="°C" data-hmi-decimals="1"/>
  <circle id="run_lamp" cx="240" cy="80" r="18" data-hmi-widget="lamp" data-hmi-tag="running"/>
  <rect id="run" x="300" y="60" width="90" height="40" data-hmi-widget="switch" data-hmi-tag="running" data-hmi-action="toggle"/>
  <rect id="sp" x="420" y="60" width="120" height="40" data-hmi-widget="input" data-hmi-tag="setpoint" data-hmi-action="input" data-hmi-value="0..300"/>
  <rect id="level" x="20" y="140" width="40" height="180" data-hmi-widget="bar" data-hmi-tag="oven_level" data-hmi-min="0" data-hmi-max="10"/>
</svg>`;

const files = {
  fuxa: {
    name: 'oven-plant.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(fuxaProject)),
  },
  svg: { name: 'oven-panel.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(panelSvg) },
};

interface Summary {
  id: number;
  name: string;
}
interface Widget {
  id: string;
  binding: { tag: string } | null;
}

/** The answer of the import call `action` makes (dry run or not), which must carry code 0. */
async function importAnswer(page: Page, action: () => Promise<unknown>) {
  const response = page.waitForResponse(
    (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/screens/import',
  );
  await action();
  const body = (await (await response).json()) as { code: number; data: { screens: Summary[] } };
  expect(body.code).toBe(0);
  return body.data;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: screenshotPath(name), animations: 'disabled' });

describe('screen import', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: LoginTokens;
  let templateId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
    tokens = await apiLogin(server.url, DEMO.user, DEMO.passwd);
    const templates = await apiCall<{ list: Summary[] }>(server, tokens, 'GET', '/templates?pageSize=50');
    templateId = templates.list.find((t) => t.name === 'Demo line')?.id ?? 0;
    if (!templateId) throw new Error('demo template missing');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A signed-in page with the screens drawer of the demo template (or of `entry` on `path`) open. */
  async function open(
    locale: string,
    viewport: { width: number; height: number },
    path = '/#/device/templatelist',
    entry = `template-screens-${templateId}`,
  ) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInContext(page, tokens, locale);
    await page.goto(`${server.url}${path}`);
    await page.getByTestId(entry).click();
    await page.getByTestId('screens-table').waitFor();
    return page;
  }

  /** Opens the wizard, picks the kind and the file, and runs the dry run up to its report. */
  async function readFile(page: Page, kind: 'fuxa' | 'svg', name?: string) {
    await page.getByTestId('screens-import').click();
    await page.getByTestId(`screens-import-kind-${kind}`).click();
    await page.locator('.ant-modal input[type="file"]').setInputFiles(files[kind]);
    await page.getByTestId('screens-import-chosen').waitFor();
    if (name) await page.getByTestId('screens-import-name').fill(name);
    await importAnswer(page, () => page.getByTestId('screens-import-check').click());
    await page.getByTestId('screens-import-report').waitFor();
  }

  /** Picks `tag` for the variable shown as `variable` in the mapping step. */
  async function map(page: Page, variable: string, tag: string) {
    const row = page.getByTestId('screens-map-table').locator('tr', { hasText: variable });
    await choose(page, row.locator('.ant-select'), tag);
  }

  it(
    'imports a FUXA project and a data-attribute SVG, maps their TAGs, lists them',
    { timeout: 240_000 },
    async () => {
      const page = await open('en-US', { width: 1440, height: 1000 });

      // FUXA: two views; the bag gauge becomes a gauge; temp and state match no demo TAG.
      await readFile(page, 'fuxa');
      const report = page.getByTestId('screens-import-report');
      await report
        .getByTestId('screens-import-items')
        .locator('tr', { hasText: 'html_bag' })
        .getByText('Gauge')
        .waitFor();
      await report.getByText('PLC1 / temp', { exact: true }).waitFor();
      expect(await page.getByTestId('screens-import-hint').textContent()).toContain(
        'Variables matching no TAG by name: 2.',
      );
      await shot(page, 'screens-import-report-en-US');
      await page.getByTestId('screens-import-next').click();
      await map(page, 'PLC1 / temp', 'temperature');
      await shot(page, 'screens-import-map-en-US');
      const fuxa = await importAnswer(page, () => page.getByTestId('screens-import-submit').click());
      expect(fuxa.screens.map((s) => s.name)).toEqual(['Oven', 'Details']);
      await page.getByTestId('screens-import-done').waitFor();
      await shot(page, 'screens-import-done-en-US');
      await page.getByTestId('screens-import-close').click();
      for (const s of fuxa.screens) await page.getByTestId(`screen-name-${s.id}`).waitFor();

      // SVG: a named screen; oven_level is mapped to pressure.
      await readFile(page, 'svg', 'Oven panel');
      await page.getByTestId('screens-import-next').click();
      await map(page, 'oven_level', 'pressure');
      const svg = await importAnswer(page, () => page.getByTestId('screens-import-submit').click());
      expect(svg.screens.map((s) => s.name)).toEqual(['Oven panel']);
      await page.getByTestId('screens-import-close').click();
      const panel = svg.screens[0] as Summary;
      await page.getByTestId(`screen-name-${panel.id}`).waitFor();
      await page.locator('.ant-modal-wrap').first().waitFor({ state: 'hidden' });
      await shot(page, 'screens-drawer-en-US');

      // The mapped bindings are stored.
      const oven = await apiCall<{ document: { widgets: Widget[] } }>(
        server,
        tokens,
        'GET',
        `/screens/${fuxa.screens[0]?.id}`,
      );
      expect(oven.document.widgets.find((w) => w.id === 'VAL_temp')?.binding).toEqual({ tag: 'temperature' });
      const drawn = await apiCall<{ document: { widgets: Widget[] } }>(
        server,
        tokens,
        'GET',
        `/screens/${panel.id}`,
      );
      expect(drawn.document.widgets.find((w) => w.id === 'level')?.binding).toEqual({ tag: 'pressure' });
      expect(drawn.document.widgets.find((w) => w.id === 'temp')?.binding).toEqual({ tag: 'temperature' });

      // Open the panel for the first demo HMI: the viewer comes up in a tab of its own.
      await page.getByTestId(`screen-view-${panel.id}`).click();
      const link = page.locator(`[data-testid^="screen-view-${panel.id}-device-"]`).first();
      const [viewer] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      expect(new URL(viewer.url()).hash).toMatch(new RegExp(`^#/scada\\?device=\\d+&screen=${panel.id}$`));
      await viewer.getByTestId('page-scada').waitFor();
      await page.context().close();
    },
  );

  it(
    'imports an SVG into the demo project, binding a device and a TAG by hand',
    { timeout: 120_000 },
    async () => {
      const projects = await apiCall<{ list: Summary[] }>(server, tokens, 'GET', '/projects?pageSize=50');
      const plant = projects.list.find((p) => p.name === 'Demo plant');
      if (!plant) throw new Error('demo project missing');
      const page = await open(
        'en-US',
        { width: 1440, height: 1000 },
        `/#/device/projectlist`,
        `project-screens-${plant.id}`,
      );
      // Every demo HMI has every TAG: no name decides the device, each variable is mapped or left.
      await readFile(page, 'svg', 'Panel of HMI 2');
      await page.getByTestId('screens-import-next').click();
      const row = page.getByTestId('screens-map-table').locator('tr', { hasText: 'temperature' });
      await choose(page, row.locator('.ant-select').first(), 'Demo_HMI_2');
      await choose(page, row.locator('.ant-select').nth(1), 'temperature');
      await shot(page, 'screens-import-map-project-en-US');
      const made = await importAnswer(page, () => page.getByTestId('screens-import-submit').click());
      await page.getByTestId('screens-import-close').click();
      const panel = made.screens[0] as Summary;
      await page.getByTestId(`screen-name-${panel.id}`).waitFor();
      const devices = await apiCall<{ list: Summary[] }>(server, tokens, 'GET', '/devices?pageSize=50');
      const hmi2 = devices.list.find((d) => d.name === 'Demo_HMI_2');
      const stored = await apiCall<{
        document: { widgets: (Widget & { binding: { device_id?: number } | null })[] };
      }>(server, tokens, 'GET', `/screens/${panel.id}`);
      expect(stored.document.widgets.find((w) => w.id === 'temp')?.binding).toEqual({
        device_id: hmi2?.id,
        tag: 'temperature',
      });
      // A project screen names its devices: it opens as it is.
      expect(await page.getByTestId(`screen-view-${panel.id}`).getAttribute('href')).toBe(
        `#/scada?screen=${panel.id}`,
      );
      await page.context().close();
    },
  );

  it.each([
    ['zh-CN', { width: 1440, height: 1000 }],
    ['zh-TW', { width: 1440, height: 1000 }],
    ['en-US', { width: 390, height: 844 }],
  ] as const)(
    'shows the drawer and the wizard in %s at %o',
    { timeout: 120_000 },
    async (locale, viewport) => {
      const page = await open(locale, viewport);
      const suffix = viewport.width < 500 ? `phone-${locale}` : locale;
      await page.locator('[data-testid^="screen-name-"]').first().waitFor();
      await shot(page, `screens-drawer-${suffix}`);
      await page.getByTestId('screens-import').click();
      // The test browser prefers reduced motion: the dialog is there at once, not zooming in.
      expect(await page.locator('.ant-modal').getAttribute('class')).not.toContain('ant-zoom');
      await page.getByTestId('screens-import-kind-svg').click();
      await page.getByTestId('screens-svg-help').locator('.ant-collapse-header').click();
      await page.getByTestId('screens-svg-help').getByText('data-hmi-ranges', { exact: true }).waitFor();
      await shot(page, `screens-import-svg-help-${suffix}`);
      await page.locator('.ant-modal input[type="file"]').setInputFiles(files.svg);
      await importAnswer(page, () => page.getByTestId('screens-import-check').click());
      await page.getByTestId('screens-import-report').waitFor();
      await shot(page, `screens-import-report-${suffix}`);
      await page.getByTestId('screens-import-next').click();
      await page.getByTestId('screens-map-table').waitFor();
      await shot(page, `screens-import-map-${suffix}`);
      await page.context().close();
    },
  );
});
