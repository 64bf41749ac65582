import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Relative base so the built app works from any path the server mounts it on (hash routing).
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // ECharts core with the line chart is ~510 kB minified; only the device detail page loads it.
    chunkSizeWarningLimit: 550,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks cache better across releases.
        // Only libraries every page needs are grouped; antd is left to the route-level split, so
        // each page brings the components it uses and /login loads a fraction of them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
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
