/**
 * An imported FUXA screen edited in the browser, against the real server with DEMO=1: the server's
 * FUXA controls fixture goes into the demo template (version 1), opens in the editor, a button is
 * moved from the keyboard and a rectangle added from the palette and placed in the panel; the save
 * is version 2, its artwork the imported one byte for byte, every other widget as imported, and
 * /scada shows it live for a demo HMI with the rectangle drawn. Then someone saves over it without
 * a version (as an API client may): the editor still holding version 2 is refused with 1210, says
 * so, and reloads the newer one. Screenshots in the three locales and at phone size go to
 * e2e/artifacts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import {
  DESKTOP,
  OTHER_LOOKS,
  startFuxaStage,
  type FuxaStage,
  type StoredScreen,
  type Viewport,
} from './support/fuxa-stage';

/** Where the rectangle is put (a free part of the fixture's 900×500 screen) and its size. */
const RECT = { x: 40, y: 360, w: 160, h: 100 };

describe('an imported FUXA screen, edited in the browser', () => {
  let stage: FuxaStage;
  let imported: StoredScreen;

  beforeAll(async () => {
    stage = await startFuxaStage();
    expect(stage.imported.map((s) => [s.name, s.version])).toEqual([
      ['Pumps', 1],
      ['Pump dialog', 1],
    ]);
    imported = stage.pumps;
  });
  afterAll(async () => {
    await stage?.stop();
  });

  async function editor(locale: string, viewport: Viewport): Promise<Page> {
    const page = await stage.openPage(`/scada/edit?screen=${imported.id}`, locale, viewport);
    await page.getByTestId('editor-title').getByText('Pumps').waitFor();
    return page;
  }

  it('moves a widget and adds a rectangle, saves version 2 with the artwork unchanged, shows it live', async () => {
    const page = await editor('en-US', DESKTOP);
    const panel = page.getByTestId('editor-panel');
    // The canvas's overlay takes the press at the button's place and selects it.
    await page.getByTestId('scada-widget-HXB_event').click({ force: true });
    await panel.getByTestId('editor-widget-id').getByText('HXB_event', { exact: true }).waitFor();
    await page.getByTestId('editor-canvas').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');

    await page.getByTestId('editor-add-shape-rect').click();
    await panel.getByTestId('editor-widget-id').getByText('rect_1', { exact: true }).waitFor();
    await panel.getByTestId('editor-x').fill(String(RECT.x));
    await panel.getByTestId('editor-y').fill(String(RECT.y));
    await panel.getByTestId('editor-prop-stroke_width').fill('4');
    await page.screenshot({ path: screenshotPath('fuxa-edit-shape-en-US') });
    await page.getByTestId('editor-save').click();
    await page.getByText('Saved as version 2').waitFor();

    const saved = await stage.getScreen(imported.id);
    expect(saved.version).toBe(2);
    expect(Buffer.from(saved.document.artwork).equals(Buffer.from(imported.document.artwork))).toBe(true);
    const expected = imported.document.widgets.map((w) => (w.id === 'HXB_event' ? { ...w, x: w.x + 40 } : w));
    expect(saved.document.widgets.slice(0, -1)).toEqual(expected);
    expect(saved.document.widgets.at(-1)).toMatchObject({
      id: 'rect_1',
      type: 'shape',
      ...RECT,
      props: { kind: 'rect', stroke_width: 4, fill_color: '#e6f4ff' },
    });
    await page.context().close();

    const viewer = await stage.openViewer('en-US', DESKTOP);
    // Live: the value follows the simulated HMI's temperature.
    const rpm = viewer.getByTestId('scada-value-VAL_rpm');
    await rpm.and(viewer.getByRole('img', { name: /rpm$/ })).waitFor();
    const before = await rpm.getAttribute('aria-label');
    await viewer.waitForFunction(
      (old) =>
        document.querySelector('[data-testid="scada-value-VAL_rpm"]')?.getAttribute('aria-label') !== old,
      before,
    );
    // The moved button stands where it was put; the rectangle is painted with its fill inside its box.
    const button = await viewer.getByTestId('scada-widget-HXB_event').evaluate((el) => el.style.left);
    expect(button).toBe(`${(imported.document.widgets.find((w) => w.id === 'HXB_event')?.x ?? 0) + 40}px`);
    const pixel = (x: number, y: number) =>
      viewer.evaluate(
        ({ px, py }) => {
          const canvas = document.querySelector<HTMLCanvasElement>('.scada-stage .scada-canvas');
          const ctx = canvas?.getContext('2d');
          if (!canvas || !ctx) return null;
          const k = canvas.width / 900;
          return [...ctx.getImageData(Math.round(px * k), Math.round(py * k), 1, 1).data];
        },
        { px: x, py: y },
      );
    await expect.poll(() => pixel(RECT.x + RECT.w / 2, RECT.y + RECT.h / 2)).toEqual([230, 244, 255, 255]);
    expect((await pixel(RECT.x - 10, RECT.y + RECT.h / 2))?.[3]).toBe(0);
    await viewer.screenshot({ path: screenshotPath('fuxa-edit-live-en-US'), animations: 'disabled' });
    await viewer.context().close();
  });

  it('refuses a stale save after the screen was saved over (1210) and reloads the newer version', async () => {
    const page = await editor('en-US', DESKTOP);
    // Saved over without a version, as the import helper's re-save did: version 3, no rectangle.
    const over = await apiCall<StoredScreen>(stage.server, stage.tokens, 'PUT', `/screens/${imported.id}`, {
      name: imported.name,
      document: imported.document,
    });
    expect(over.version).toBe(3);

    await page.getByTestId('editor-add-shape-ellipse').click();
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/screens/${imported.id}`),
    );
    await page.getByTestId('editor-save').click();
    const body = (await (await answer).json()) as { code: number };
    expect(body.code).toBe(1210);
    await page.locator('.ant-modal-confirm-title').getByText('Saved by someone else').waitFor();
    await page.screenshot({ path: screenshotPath('fuxa-edit-conflict-en-US') });
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('scada-widget-HXB_event').waitFor();
    await expect.poll(() => page.getByTestId('scada-widget-rect_1').count()).toBe(0);
    expect(await page.getByTestId('scada-widget-ellipse_1').count()).toBe(0);
    const now = await stage.getScreen(imported.id);
    expect(now.version).toBe(3);
    expect(now.document.widgets).toEqual(imported.document.widgets);
    await page.context().close();
  });

  it('shows the shape’s properties in zh-CN, zh-TW and on a phone', async () => {
    for (const [locale, viewport, name] of OTHER_LOOKS) {
      const page = await editor(locale, viewport);
      await page.getByTestId('editor-add-shape-line').click();
      await page.getByTestId('editor-panel').getByTestId('editor-prop-line').waitFor();
      await page.screenshot({ path: screenshotPath(`fuxa-edit-shape-${name}`) });
      await page.context().close();
    }
  });
});
