import type { Page } from 'playwright-core';

/** Presses `key` until the focused element matches `selector`; fails after `max` presses. */
async function pressTo(page: Page, key: string, selector: string, max: number): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} not reached with ${max} presses of ${key}`);
}

/** Moves the focus with Tab, as a keyboard user would, until it is on `selector`. */
export const tabTo = (page: Page, selector: string, max = 60) => pressTo(page, 'Tab', selector, max);

/** Moves the focus with the down arrow (within a menu or list) until it is on `selector`. */
export const arrowTo = (page: Page, selector: string, max = 10) => pressTo(page, 'ArrowDown', selector, max);
