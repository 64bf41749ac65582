import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Node by default (the HTTP client tests use a real server); component tests opt into jsdom with
// a `// @vitest-environment jsdom` comment.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // Node runs antd's CommonJS build (`antd` resolves to lib/ outside Vite): deep imports of its
    // ES build (app/feedback.tsx reads antd's App context) must reach the same module copies.
    alias: [{ find: /^antd\/es\//, replacement: 'antd/lib/' }],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The app loads the texts of one language on demand; tests switch languages freely.
    setupFiles: ['src/test/allLocales.ts', 'src/test/waitTimeouts.ts'],
    testTimeout: 20000,
  },
});
