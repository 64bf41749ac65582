import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { landingChunk } from './build/landingChunk.ts';

// A signed-in visit's first screen: the shell around the dashboard (the default landing page).
const landing = landingChunk(['/src/app/shell/AppShell.tsx', '/src/pages/dashboard/DashboardPage.tsx']);

// React Router's package exports name its development build only. Its production build differs in
// the dev warnings alone (and their "Hey developer" error page): a build takes that one.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Relative base so the built app works from any path the server mounts it on (hash routing).
export default defineConfig(({ command }) => ({
  base: './',
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [react(), precompress(), landing.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // ECharts core with the line and bar charts and both renderers is ~555 kB minified; only the
    // device detail and billing pages load it. The `initial` group below (~760 kB, ~210 kB as
    // brotli) is the first screen's code in one chunk on purpose.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks cache better across releases.
        // Only libraries every page needs are grouped; antd is left to the route-level split, so
        // each page brings the components it uses and /login loads a fraction of them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            // i18n/index.ts loads dayjs for every screen but the login page: alone, not with a page.
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/](dayjs\.min\.js|locale[\\/])/ },
            // What the first screen needs (the login page and the code every route shares) in one
            // chunk: one request instead of dozens, each with its headers, and better compression.
            { name: 'initial', tags: ['$initial'] },
            // What the dashboard adds to that, in one chunk rather than ~30 (see build/landingChunk.ts).
            { name: 'landing', test: landing.test },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The API and its websockets are served by apps/server in development.
      '/v1': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
}));
