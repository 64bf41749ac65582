import { menuTree } from '@hmi/contract';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/** A screen of the console: its hash route and the test id its page carries. */
export interface ConsoleScreen {
  path: string;
  testId: string;
}

/** The screen is shown with its data: no spinner, skeleton or lazy-route placeholder left. */
export async function settle(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [data-testid="page-loading"]'),
  );
}

/**
 * Opens a screen of the console, settled: the first by loading the app, later ones by hash as a
 * link would (the app, and anything injected into the page, stay loaded).
 */
export async function openScreen(page: Page, server: RunningServer, screen: ConsoleScreen): Promise<void> {
  if (page.url().startsWith(server.url))
    await page.evaluate((hash) => (window.location.hash = hash), screen.path.slice(1));
  else await page.goto(`${server.url}${screen.path}`);
  await settle(page, screen.testId);
}

/** A screen of the tour: its name in screenshots and messages, with its route and test id. */
export interface TourScreen extends ConsoleScreen {
  name: string;
}

/** Every page of the menu (the demo account may open them all), and a device's detail after the list. */
export const menuScreens = (deviceId: number): TourScreen[] =>
  menuTree
    .flatMap((entry) => entry.children ?? [entry])
    .flatMap(({ key, path }) => {
      const screen = { name: key, path: `/#${path}`, testId: `page-${key}` };
      if (key !== 'devicelist') return [screen];
      const detail = `/#${path}/${deviceId}`;
      return [screen, { name: 'device-detail', path: detail, testId: 'page-device-detail' }];
    });

/** How far the page itself reaches past the window's width (0 when it fits). */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
