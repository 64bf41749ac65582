import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Relative base so the built app works from any path the server mounts it on (hash routing).
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is ~1 MB minified (310 kB gzip); it is split into its own chunk above.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks cache better across releases.
        codeSplitting: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
});
