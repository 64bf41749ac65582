import { defineConfig } from 'vitest/config';

// One runner for every workspace; `npm run test:unit` and `test:e2e` pick projects by name.
// The server, agent and contract files share their worker's module cache (`isolate: false`): none
// mocks modules, each test builds its own app, database and ports, and importing the server's module
// graph afresh for each of ~110 files was minutes of a CI run on two cores. The web files keep
// isolation (jsdom, module mocks).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], isolate: false },
      },
      {
        test: {
          name: 'server',
          isolate: false,
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          name: 'agent',
          isolate: false,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
