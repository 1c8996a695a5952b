import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientDist, ensureClientBuild } from './support/ensureClientBuild.js';

const BUDGET_GZIP_BYTES = 300 * 1024;

/** Scripts the browser loads before first render: the entry and every chunk it preloads. */
function initialScripts(html: string): string[] {
  const srcs = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...srcs, ...preloads])];
}

describe('the built page', () => {
  beforeAll(async () => {
    await ensureClientBuild();
  }, 120_000);

  it('keeps the initial JavaScript within 300 KB gzipped, with Chart.js, the world outline and classic zod split off', () => {
    const html = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
    const scripts = initialScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const sources = scripts.map((s) => readFileSync(path.join(clientDist, s.replace(/^\//, '')), 'utf8'));
    const gzipBytes = sources.reduce((sum, code) => sum + gzipSync(code).length, 0);
    expect(gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    const initial = sources.join('\n');
    // A production React build (vitest runs with NODE_ENV=test; the build must not inherit it).
    expect(initial).not.toContain('react-dom-client.development');
    // Chart.js (lazy results) and the Natural Earth outline (loaded after the map) are separate chunks.
    expect(initial).not.toContain('Canvas is already in use');
    expect(initial).not.toContain('"arcs"');
    // Issue 33: the first screen reads its two answers with zod/mini; classic zod (~26 KB over the
    // wire) comes with the first request that needs it (its constructor names a schema "ZodString").
    expect(initial).toContain('ZodMiniString');
    expect(initial).not.toMatch(/[`'"]ZodString[`'"]/);
    expect(html).not.toMatch(/maps\.googleapis|api[_-]?key/i);
  });
});
