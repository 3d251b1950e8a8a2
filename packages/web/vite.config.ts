import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { antdStyles } from './antd-styles.tsx';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.DP_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  root,
  // precompress: .br and .gz beside every built asset, served as they are (docs/performance.md).
  // antdStyles: antd's styles built from the app's theme, a hashed CSS file (antd-styles.tsx).
  plugins: [react(), antdStyles(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // Source maps as separate files with no reference in the scripts: the server maps the admin's
    // reported stack traces with them and never serves them (kit/serve-web.ts).
    sourcemap: 'hidden',
  },
  server: {
    proxy: {
      '/gateway': { target: backend, changeOrigin: true },
      '/healthz': { target: backend, changeOrigin: true },
      '/docs': { target: backend, changeOrigin: true },
    },
  },
});
