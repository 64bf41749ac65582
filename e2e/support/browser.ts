import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot } from './server';

export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

export function launchBrowser(): Promise<Browser> {
  mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

export const screenshotPath = (name: string) => join(artifactsDir, `${name}.png`);
