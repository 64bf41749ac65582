import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiCall, DEMO } from './api';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { apiLogin, type LoginTokens } from './session';

export interface Stack {
  server: RunningServer;
  browser: Browser;
}

export interface DemoStack extends Stack {
  /** The demo owner's session, logged in through the API. */
  tokens: LoginTokens;
}

class StackSuite implements Stack {
  server!: RunningServer;
  browser!: Browser;
}

class DemoStackSuite extends StackSuite implements DemoStack {
  tokens!: LoginTokens;
  /** The first demo HMI (by SN). */
  deviceId = 0;
}

/** The real server (its own data folder, no demo data) and a Chromium, started side by side. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  return { server, browser };
}

/** The real server with DEMO=1 and a Chromium, the demo owner logged in. */
export async function startDemoStack(env: Record<string, string> = {}): Promise<DemoStack> {
  const stack = await startStack({ DEMO: '1', ...env });
  return { ...stack, tokens: await apiLogin(stack.server.url, DEMO.user, DEMO.passwd) };
}

/** Closes what started (safe after a failed start, where parts are undefined). */
export async function stopStack(
  server: RunningServer | undefined,
  browser: Browser | undefined,
): Promise<void> {
  await browser?.close();
  await server?.stop();
}

/**
 * Registers hooks that start a stack before the tests of the file (or block) and stop it after. Its
 * parts are set once the `beforeAll` has run, so tests read them through the returned object.
 */
export function stackSuite(env: Record<string, string> = {}): Stack {
  const suite = new StackSuite();
  beforeAll(async () => {
    ({ server: suite.server, browser: suite.browser } = await startStack(env));
  });
  afterAll(() => stopStack(suite.server, suite.browser));
  return suite;
}

/** The demo HMIs of DEMO=1 (DEMO-HMI-1 …) in SN order. */
export async function demoDevices<T extends { sn: string }>(stack: DemoStack): Promise<T[]> {
  const list = await apiCall<{ list: T[] }>(stack.server, stack.tokens, 'GET', '/devices?pageSize=50');
  return list.list.filter((d) => d.sn.startsWith('DEMO-HMI-')).sort((a, b) => a.sn.localeCompare(b.sn));
}

/** As `stackSuite`, with DEMO=1, the demo owner logged in and the first demo HMI's id. */
export function demoSuite(): DemoStackSuite {
  const suite = new DemoStackSuite();
  beforeAll(async () => {
    const stack = await startDemoStack();
    Object.assign(suite, stack);
    suite.deviceId = (await demoDevices<{ id: number; sn: string }>(stack))[0]?.id ?? 0;
    if (!suite.deviceId) throw new Error('demo data missing');
  });
  afterAll(() => stopStack(suite.server, suite.browser));
  return suite;
}
