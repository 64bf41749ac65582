import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot } from './server';

export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

/**
 * Debian's Chromium, headless. With `reducedMotion` (the tests' default) its pages report a system
 * that prefers reduced motion, so the console opens dialogs and menus without animating them: a
 * click while a dialog still zooms in could land beside its target. Benchmarks measure with motion,
 * as users get it by default.
 */
export async function launchBrowser({
  reducedMotion = true,
}: { reducedMotion?: boolean } = {}): Promise<Browser> {
  mkdirSync(artifactsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  if (!reducedMotion) return browser;
  // Chromium's --force-prefers-reduced-motion is not honoured headless: every context asks for it.
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

export const screenshotPath = (name: string) => join(artifactsDir, `${name}.png`);
