import { defineConfig } from 'vitest/config';

// One runner for every workspace; `npm run test:unit` and `test:e2e` pick projects by name.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker. Most test files spend much of their time
    // waiting (servers, brokers, sockets, browsers, timers), so two files at a time use the second
    // core. Every file brings its own ports, database schema, broker, data folder and (e2e) server,
    // Chromium and X display, so files never share state.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
          // One module cache per worker instead of one per file: loading the app's modules again for
          // each of ~130 files cost more than most of their tests. Files clean up what they start.
          isolate: false,
        },
      },
      {
        test: {
          name: 'agent',
          root: 'apps/agent',
          include: ['src/**/*.test.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
