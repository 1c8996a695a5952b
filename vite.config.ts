import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The page lives in src/client; the server serves the build from dist/client (STATIC_DIR).
 * In development the Vite server forwards /api to the Fastify server on its default port.
 */
export default defineConfig({
  root: `${repoRoot}src/client`,
  plugins: [react()],
  build: {
    outDir: `${repoRoot}dist/client`,
    emptyOutDir: true,
    // Fails the eye, not the build: the budget itself is checked by test/e2e (300 KB gzipped initial JS).
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
});
