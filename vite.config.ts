import { defineConfig, type Plugin } from 'vite';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes each built text file beside itself compressed once, at the highest settings (brotli quality 11,
 * gzip level 9), for the server to send as it is (@fastify/static `preCompressed`). Compressing on every
 * request has to stay fast (brotli quality 4): the first load was 198 KB that way against 170 KB
 * precompressed (issue 33). Files under 1 KB are sent plain, as the server's compression leaves them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|html|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const item = bundle[file];
          const bytes = Buffer.from(item.type === 'chunk' ? item.code : item.source);
          if (bytes.byteLength < 1024) return;
          const at = path.join(outDir, file);
          const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } });
          await writeFile(`${at}.br`, br);
          await writeFile(`${at}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The modules the page's entry imports statically (what the first screen runs), found once the
 * module graph is complete, for the 'first-screen' chunk group below.
 */
const firstScreenModules = new Set<string>();
function findFirstScreenModules(): Plugin {
  return {
    name: 'first-screen-modules',
    apply: 'build',
    buildEnd() {
      firstScreenModules.clear();
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (firstScreenModules.has(id)) continue;
        firstScreenModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * The page lives in src/client; the server serves the build from dist/client (STATIC_DIR).
 * In development the Vite server forwards /api to the Fastify server on its default port.
 */
export default defineConfig({
  root: `${repoRoot}src/client`,
  plugins: [react(), precompress(), findFirstScreenModules()],
  build: {
    outDir: `${repoRoot}dist/client`,
    emptyOutDir: true,
    // Fails the eye, not the build: the budget itself is checked by test/e2e (300 KB gzipped initial JS).
    chunkSizeWarningLimit: 600,
    // Images stay files (issue 33): inlined as base64 into the entry script and the CSS, Leaflet's
    // marker (both resolutions and its shadow) and layer-control icons cost ~8 KB of the first load,
    // although a browser needs one marker resolution and the page has no layer control.
    assetsInlineLimit: (file) => (/\.(png|jpe?g|gif|webp)$/.test(file) ? false : undefined),
    // index.html now preloads only Rolldown's runtime chunk; browsers without modulepreload (before
    // Firefox 115, Safari 17) fetch it when the entry imports it, so the polyfill is not worth its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first screen runs in one chunk. Rolldown otherwise splits each module that the
        // entry and a lazily loaded section share into a chunk of its own (rolldown issue 10731; Rollup
        // keeps them in the entry): nine preloads of 0.3-8 KB, each with ~1 KB of headers. Zod is left
        // to Rolldown: the zod/mini modules the first screen reads are in the classic build's graph too,
        // which would otherwise pull the whole of zod into this chunk.
        codeSplitting: { groups: [{ name: 'first-screen', test: (id) => firstScreenModules.has(id) && !id.includes('/node_modules/zod/') }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
});
