/**
 * An imported FUXA project in Chromium against the real server with DEMO=1: the server's FUXA
 * controls fixture (a start view after a dialog view, a drop-down, a slider, a bag gauge, a value,
 * buttons writing the event's variable) goes into the demo template with its variables mapped to
 * the demo TAGs, then opens at /scada for a demo HMI: the drawing shows, the drop-down writes the
 * choice to the simulated HMI, the dialog view opens over the screen and closes back to it. Saving
 * the imported document again with a widget moved and the version it was loaded at (what the
 * editor's save sends; fuxa-edit.e2e.ts does it in the editor) makes version 2 and keeps its artwork.
 * Screenshots in the three locales and at phone size go to e2e/artifacts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import {
  DESKTOP,
  OTHER_LOOKS,
  startFuxaStage,
  type FuxaStage,
  type StoredScreen,
} from './support/fuxa-stage';

describe('an imported FUXA project, live', () => {
  let stage: FuxaStage;

  beforeAll(async () => {
    stage = await startFuxaStage();
    expect(stage.imported.map((s) => s.name)).toEqual(['Pumps', 'Pump dialog']);
  });
  afterAll(async () => {
    await stage?.stop();
  });

  it('shows the drawing and the controls, writes the drop-down’s choice, opens the dialog view', async () => {
    const page = await stage.openViewer('en-US', DESKTOP);
    // The value reads as FUXA writes numbers: no trailing zeros, the unit after it.
    await page
      .getByTestId('scada-value-VAL_rpm')
      .and(page.getByRole('img', { name: /^-?\d+(\.\d{1,5})?rpm$/ }))
      .waitFor();
    await page.getByTestId('scada-slider-SLI_speed').waitFor();
    await page.getByTestId('scada-gauge-HXG_bag').waitFor();

    await page.getByTestId('scada-select-HXS_mode').selectOption({ label: 'MAX' });
    await page.getByRole('button', { name: 'Write' }).click();
    await page.locator('[data-testid="scada-feedback-HXS_mode"][data-state="done"]').waitFor();
    await page.screenshot({ path: screenshotPath('fuxa-import-viewer-en-US'), animations: 'disabled' });

    await page.getByTestId('scada-button-HXB_dialog').click();
    const dialog = page.getByTestId('scada-dialog');
    await dialog.getByText('Pump dialog').waitFor();
    await dialog.getByTestId('scada-stage').waitFor();
    await page.screenshot({ path: screenshotPath('fuxa-import-dialog-en-US'), animations: 'disabled' });
    await page.getByRole('button', { name: 'Close and go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('scada-select-HXS_mode').waitFor();
    await page.context().close();
  });

  it('looks the same in zh-CN, zh-TW and on a phone', async () => {
    for (const [locale, viewport, name] of OTHER_LOOKS) {
      const page = await stage.openViewer(locale, viewport);
      await page.getByTestId('scada-button-HXB_dialog').click();
      await page.getByTestId('scada-dialog').getByTestId('scada-stage').waitFor();
      await page.screenshot({ path: screenshotPath(`fuxa-import-dialog-${name}`), animations: 'disabled' });
      await page.keyboard.press('Escape');
      await page.getByTestId('scada-dialog').waitFor({ state: 'detached' });
      await page.screenshot({ path: screenshotPath(`fuxa-import-viewer-${name}`), animations: 'disabled' });
      await page.context().close();
    }
  });

  it('keeps the imported artwork when the screen is saved again with a widget moved', async () => {
    const { server, tokens, pumps } = stage;
    const moved = pumps.document.widgets.map((w) => (w.id === 'HXB_event' ? { ...w, x: w.x + 40 } : w));
    // As the editor saves: with the version it loaded (an import is version 1), so the save is 2.
    expect(pumps.version).toBe(1);
    const saved = await apiCall<StoredScreen>(server, tokens, 'PUT', `/screens/${pumps.id}`, {
      name: pumps.name,
      document: { ...pumps.document, widgets: moved },
      version: pumps.version,
    });
    expect(saved.version).toBe(2);
    const again = await stage.getScreen(pumps.id);
    expect(again.document.artwork).toBe(pumps.document.artwork);
    expect(again.document.widgets.find((w) => w.id === 'HXB_event')?.x).toBe(
      (pumps.document.widgets.find((w) => w.id === 'HXB_event')?.x ?? 0) + 40,
    );
    const page = await stage.openViewer('en-US', DESKTOP);
    await page.getByTestId('scada-button-HXB_event').waitFor();
    await page.context().close();
  });
});
