/**
 * A `local:` catalogue is a folder someone copied: its files may be symlinks, its items may name
 * files that are gone. The server reads only what really lies inside the folder (symlinks resolved
 * first) and its answers never tell where the folder lives on the server.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from './support/fixturePaths.js';
import { buildTestApp } from './support/testApp.js';

const PIXEL = `/api/pixel?lat=-14.4&lon=-67.7&startDate=2019-01-14&endDate=2019-01-14&bands=B04`;
const ITEM_FILE = `${FIXTURE_SCENE_ID}.json`;
const RED = `${FIXTURE_SCENE_ID}_SR_B4.TIF`;
const QA = `${FIXTURE_SCENE_ID}_QA_PIXEL.TIF`;

describe('local: catalogue safety', () => {
  let tmp: string;
  const apps: FastifyInstance[] = [];

  /** A catalogue folder holding the fixture item; `place` puts each TIFF it needs there. */
  function catalogue(name: string, place: (file: string, target: string) => void): string {
    const dir = path.join(tmp, name, FIXTURE_SCENE_ID);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, ITEM_FILE), readFileSync(path.join(FIXTURE_SCENE_DIR, ITEM_FILE)));
    for (const file of [RED, QA]) place(file, path.join(dir, file));
    return path.dirname(dir);
  }

  async function appFor(dir: string): Promise<FastifyInstance> {
    const app = await buildTestApp({ LANDSAT_SOURCE: `local:${dir}` });
    apps.push(app);
    return app;
  }

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'local-catalogue-'));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('reads files that really lie inside the folder (copies, or links within it)', async () => {
    const dir = catalogue('inside', (file, target) => {
      const real = path.join(path.dirname(target), `real-${file}`);
      copyFileSync(path.join(FIXTURE_SCENE_DIR, file), real);
      symlinkSync(real, target);
    });
    const res = await (await appFor(dir)).inject(PIXEL);
    expect(res.statusCode).toBe(200);
    expect(res.json().scenes).toHaveLength(1);
  });

  it('refuses a symlink inside the folder that points outside it, and says so without paths', async () => {
    const dir = catalogue('escape', (file, target) => symlinkSync(path.join(FIXTURE_SCENE_DIR, file), target));
    const res = await (await appFor(dir)).inject(PIXEL);
    expect(res.statusCode).toBe(502);
    const { error } = res.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('archive_refused');
    expect(error.message).toMatch(/not an allowed archive location/);
    expect(res.body).not.toContain(tmp);
    expect(res.body).not.toContain(FIXTURE_SCENE_DIR);
  });

  it('names a missing file by its name only, never its server path', async () => {
    const dir = catalogue('missing', (file, target) => {
      if (file === QA) copyFileSync(path.join(FIXTURE_SCENE_DIR, file), target);
    });
    const res = await (await appFor(dir)).inject(PIXEL);
    expect(res.statusCode).toBe(502);
    const { error } = res.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('archive_unavailable');
    expect(error.message).toContain(RED);
    expect(res.body).not.toContain(tmp);
    expect(error.message).not.toMatch(/\/[\w.-]+\//);
  });
});
