import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TM_ETM_CATALOG_DIR } from '../../test/support/fixturePaths.js';
import { startRangeFileServer } from '../../test/support/rangeFileServer.js';
import { startServerProcess, type ServerProcess } from '../../test/support/serverProcess.js';
import { until } from '../../test/support/waitUntil.js';
import { ConfigError, loadConfig } from './config.js';

/** The server's JSON log lines with `msg` equal to `message`. */
function logLines(output: string, message: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message);
}

describe('the start-up warm-up (main.ts, WARM_UP)', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('full: after the small request, runs the whole-record request through the real route, and the server answers', async () => {
    server = await startServerProcess({ WARM_UP: 'full', LOG_LEVEL: 'info' });
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const current = server;
    // Done before listening on an idle machine (~1.8 s); on a busy one the start stops waiting after
    // 5 s and it finishes beside the first requests. A guard against a hang, not a speed.
    await until(() => logLines(current.output(), 'long-record warm-up done').length > 0, 'the long-record warm-up', 180_000);
    const [done] = logLines(current.output(), 'long-record warm-up done');
    expect(done!.status).toBe(200);
    // In order: the small request first.
    const order = current.output().split('\n').map((line) => /"msg":"((long-record )?warm-up (started|done))"/.exec(line)?.[1]).filter(Boolean);
    expect(order).toEqual(['warm-up done', 'long-record warm-up started', 'long-record warm-up done']);
    expect(logLines(current.output(), 'long-record warm-up failed; the first 40-year request pays for it')).toEqual([]);
  }, 240_000);

  it('light: only the small request before listening', async () => {
    server = await startServerProcess({ WARM_UP: 'light', LOG_LEVEL: 'info' });
    const current = server;
    await until(() => logLines(current.output(), 'warm-up done').length > 0, 'the small warm-up', 120_000);
    // With `full` the long one logs its start right after the small one's line, before the server
    // listens: long before this answer.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(logLines(current.output(), 'long-record warm-up started')).toEqual([]);
  }, 180_000);

  it('full on an archive of COGs: areas over its own archive in memory, none of the archive read', async () => {
    // A real ETM+ scene's item, its files served over HTTP by a stand-in that records every request.
    const scene = 'LE07_L2SP_090084_20210331_20210426_02_T1';
    const archive = await startRangeFileServer(path.join(TM_ETM_CATALOG_DIR, scene));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'landsat-warm-up-catalog-'));
    try {
      const item = JSON.parse(await readFile(path.join(TM_ETM_CATALOG_DIR, scene, `${scene}.json`), 'utf8')) as { assets: Record<string, { href: string }> };
      for (const asset of Object.values(item.assets)) asset.href = `${archive.url}/${asset.href.replace(/^\.\//, '')}`;
      await writeFile(path.join(dir, `${scene}.json`), JSON.stringify(item));
      server = await startServerProcess({ LANDSAT_SOURCE: `local:${dir}`, ARCHIVE_HOSTS: new URL(archive.url).host, WARM_UP: 'full', LOG_LEVEL: 'info' });
      const current = server;
      await until(() => logLines(current.output(), 'archive warm-up done').length > 0, 'the archive warm-up', 180_000);
      // Two scenes at 30 m, then the year's 20 on the first overview (areaWarmUp.ts).
      expect(logLines(current.output(), 'archive warm-up done')[0]!.scenes).toBe(22);
      expect(logLines(current.output(), 'archive warm-up failed; the first area pays for it')).toEqual([]);
      expect(archive.requests).toEqual([]);
      // The demo's warm-up requests are not run on an archive.
      expect(logLines(current.output(), 'warm-up done')).toEqual([]);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await archive.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('a value other than light or full stops the start with a message naming WARM_UP', () => {
    expect(loadConfig({ WARM_UP: 'light' }).WARM_UP).toBe('light');
    expect(loadConfig({}).WARM_UP).toBe('full');
    expect(() => loadConfig({ WARM_UP: 'fast' })).toThrow(ConfigError);
    expect(() => loadConfig({ WARM_UP: 'fast' })).toThrow(/WARM_UP/);
  });
});
