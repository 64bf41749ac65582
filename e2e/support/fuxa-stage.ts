/**
 * The stage of the FUXA import tests (fuxa-screens, fuxa-edit): the real server with DEMO=1 and
 * Debian's Chromium, the server's FUXA controls fixture imported into the demo template with its
 * variables mapped to the demo TAGs, and the first demo HMI to show it live. Pages open signed in,
 * in a locale, at a viewport; the viewer's waits until the screen is live and its artwork decoded.
 */
import type { Browser, Page } from 'playwright-core';
import { fuxaControlsProject } from '../../apps/server/src/test/fuxa-controls-fixture';
import { apiCall, DEMO } from './api';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { apiLogin, signInContext, type LoginTokens } from './session';

interface Row {
  id: number;
  name: string;
  sn?: string;
}
export interface StoredWidget {
  id: string;
  type: string;
  x: number;
  y: number;
  props: Record<string, unknown>;
}
/** A screen as GET /screens/:id answers it (what these tests read of it). */
export interface StoredScreen {
  id: number;
  name: string;
  version: number;
  document: { artwork: string; widgets: StoredWidget[] };
}

export interface Viewport {
  width: number;
  height: number;
}
export const DESKTOP: Viewport = { width: 1440, height: 900 };
/** The other two locales and the phone, as each test's screenshots name them. */
export const OTHER_LOOKS = [
  ['zh-CN', DESKTOP, 'zh-CN'],
  ['zh-TW', DESKTOP, 'zh-TW'],
  ['zh-CN', { width: 390, height: 844 }, 'phone-zh-CN'],
] as const;

export interface FuxaStage {
  server: RunningServer;
  browser: Browser;
  tokens: LoginTokens;
  /** The demo HMI the viewer shows live. */
  deviceId: number;
  /** The import's screens in its order (name and version), as the import answered. */
  imported: { name: string; version: number }[];
  /** The first imported screen ('Pumps'), as stored. */
  pumps: StoredScreen;
  getScreen(id: number): Promise<StoredScreen>;
  /** A page of its own context, signed in, in `locale`, at `hashPath` (`/scada/edit?...`). */
  openPage(hashPath: string, locale: string, viewport: Viewport): Promise<Page>;
  /** The viewer on the Pumps screen for the demo HMI, live, its drawing decoded. */
  openViewer(locale: string, viewport: Viewport): Promise<Page>;
  stop(): Promise<void>;
}

export async function startFuxaStage(): Promise<FuxaStage> {
  const [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
  const tokens = await apiLogin(server.url, DEMO.user, DEMO.passwd);
  const templates = await apiCall<{ list: Row[] }>(server, tokens, 'GET', '/templates?pageSize=50');
  const templateId = templates.list.find((t) => t.name === 'Demo line')?.id;
  const devices = await apiCall<{ list: Row[] }>(server, tokens, 'GET', '/devices?pageSize=50');
  const deviceId =
    devices.list.filter((d) => d.sn?.startsWith('DEMO-HMI-')).sort((a, b) => a.id - b.id)[0]?.id ?? 0;
  if (!templateId || !deviceId) throw new Error('demo template or HMI missing');
  const made = await apiCall<{ screens: (Row & { version: number })[] }>(
    server,
    tokens,
    'POST',
    '/screens/import',
    {
      kind: 'fuxa',
      template_id: templateId,
      content_base64: Buffer.from(JSON.stringify(fuxaControlsProject)).toString('base64'),
      tag_map: {
        'PLC^~^temp': { tag: 'temperature' },
        'PLC^~^state': { tag: 'setpoint' },
        'PLC^~^setpoint': { tag: 'setpoint' },
      },
    },
  );
  const getScreen = (id: number) => apiCall<StoredScreen>(server, tokens, 'GET', `/screens/${id}`);
  const pumps = await getScreen(made.screens[0]?.id ?? 0);

  const openPage = async (hashPath: string, locale: string, viewport: Viewport) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    page.setDefaultTimeout(30_000);
    await signInContext(page, tokens, locale);
    await page.goto(`${server.url}/#${hashPath}`);
    return page;
  };
  return {
    server,
    browser,
    tokens,
    deviceId,
    imported: made.screens.map((s) => ({ name: s.name, version: s.version })),
    pumps,
    getScreen,
    openPage,
    async openViewer(locale, viewport) {
      const page = await openPage(`/scada?device=${deviceId}&screen=${pumps.id}`, locale, viewport);
      await page.locator('[data-testid="scada-live-status"][data-status="live"]').waitFor();
      // The drawing is decoded (an image that failed would have no natural width).
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.scada-artwork');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      return page;
    },
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}
