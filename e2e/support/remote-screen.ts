/** The remote view's canvas (noVNC draws the HMI's framebuffer at its own size, scaled by CSS). */
import type { Page } from 'playwright-core';

export const canvas = (page: Page) => page.locator('[data-testid="remote-screen"] canvas');

/** The canvas pixel (x, y) as 0xRRGGBB; -1 without a drawn canvas. */
const pixelAt = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([px, py]) => {
      const c = document.querySelector<HTMLCanvasElement>('[data-testid="remote-screen"] canvas');
      if (!c || c.width === 0) return -1;
      const d = c.getContext('2d')?.getImageData(px, py, 1, 1).data;
      return d ? ((d[0] ?? 0) << 16) + ((d[1] ?? 0) << 8) + (d[2] ?? 0) : -1;
    },
    [x, y] as const,
  );

/** Waits until the canvas pixel (x, y) is `rgb` (noVNC draws as updates arrive). */
export async function waitForPixel(page: Page, x: number, y: number, rgb: number): Promise<void> {
  await page
    .waitForFunction(
      ([px, py, want]) => {
        const c = document.querySelector<HTMLCanvasElement>('[data-testid="remote-screen"] canvas');
        if (!c || c.width === 0) return false;
        const d = c.getContext('2d')?.getImageData(px, py, 1, 1).data;
        return !!d && ((d[0] ?? 0) << 16) + ((d[1] ?? 0) << 8) + (d[2] ?? 0) === want;
      },
      [x, y, rgb] as const,
    )
    .catch(async (err: unknown) => {
      const got = await pixelAt(page, x, y);
      throw new Error(`pixel (${x}, ${y}) is ${got.toString(16)}, not ${rgb.toString(16)}: ${String(err)}`);
    });
}

/** Clicks the remote screen at (x, y) of the HMI's 800×480, wherever the canvas is scaled to. */
export async function clickRemote(page: Page, x: number, y: number): Promise<void> {
  const box = await canvas(page).boundingBox();
  if (!box) throw new Error('no remote canvas');
  await page.mouse.click(box.x + (x * box.width) / 800, box.y + (y * box.height) / 480);
}
