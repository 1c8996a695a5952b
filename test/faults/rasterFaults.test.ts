/**
 * COGs that are truncated, corrupt or gone, served over HTTP by a local range server: each request
 * ends with a 502 a person can read, and once the file is good again the next request succeeds
 * (no failed read was cached). Assets pointing outside the allowed hosts or folder are never fetched.
 */
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startRangeFileServer, type RangeFileServer } from '../support/rangeFileServer.js';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from '../support/fixturePaths.js';
import { buildTestApp } from '../support/testApp.js';

const PIXEL_URL = '/api/pixel?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&bands=B04&latest=true';
const B4 = `${FIXTURE_SCENE_ID}_SR_B4.TIF`;

let workDir: string;
let filesDir: string;
let server: RangeFileServer;
let app: FastifyInstance | undefined;

/** Writes a one-item catalogue whose asset hrefs are made by `hrefFor(file name)`. */
async function writeCatalog(name: string, hrefFor: (fileName: string) => string): Promise<string> {
  const item = JSON.parse(await readFile(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}.json`), 'utf8'));
  for (const asset of Object.values(item.assets) as { href: string }[]) asset.href = hrefFor(path.basename(asset.href));
  const dir = path.join(workDir, name);
  await mkdir(path.join(dir, FIXTURE_SCENE_ID), { recursive: true });
  await writeFile(path.join(dir, FIXTURE_SCENE_ID, `${FIXTURE_SCENE_ID}.json`), JSON.stringify(item));
  return dir;
}

const restoreB4 = () => copyFile(path.join(FIXTURE_SCENE_DIR, B4), path.join(filesDir, B4));

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'landsat-raster-faults-'));
  filesDir = path.join(workDir, 'files');
  await mkdir(filesDir);
  for (const name of await readdir(FIXTURE_SCENE_DIR)) await copyFile(path.join(FIXTURE_SCENE_DIR, name), path.join(filesDir, name));
  server = await startRangeFileServer(filesDir);
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function httpArchiveApp() {
  const catalogDir = await writeCatalog('http-catalog', (name) => `${server.url}/${name}`);
  return buildTestApp({ LANDSAT_SOURCE: `local:${catalogDir}`, ARCHIVE_HOSTS: new URL(server.url).host, UPSTREAM_TIMEOUT_MS: '300' });
}

describe('broken COGs over HTTP', () => {
  const cases: Array<[string, () => Promise<void>, RegExp]> = [
    ['truncated', async () => writeFile(path.join(filesDir, B4), (await readFile(path.join(FIXTURE_SCENE_DIR, B4))).subarray(0, 20_000)), /truncated or corrupt/],
    [
      'corrupt header (IFD offsets point nowhere)',
      async () => {
        const bytes = await readFile(path.join(FIXTURE_SCENE_DIR, B4));
        bytes.fill(0xab, 4, 16_384);
        await writeFile(path.join(filesDir, B4), bytes);
      },
      /truncated or corrupt/,
    ],
    ['not a TIFF at all', async () => writeFile(path.join(filesDir, B4), Buffer.alloc(50_000, 0x3c)), /truncated or corrupt: not a TIFF/],
    ['gone (404)', async () => rm(path.join(filesDir, B4)), /not found/],
  ];
  for (const [name, breakIt, message] of cases) {
    it(`${name}: 502 with a readable message, then a good request once the file is back`, async () => {
      await breakIt();
      app = await httpArchiveApp();
      const res = await app.inject(PIXEL_URL);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('archive_unavailable');
      expect(res.json().error.message).toMatch(/^The Landsat archive could not deliver image data/);
      expect(res.json().error.message).toMatch(message);
      await restoreB4();
      const again = await app.inject(PIXEL_URL);
      expect(again.statusCode).toBe(200);
      expect(again.json().scenes[0].bands.B04.dn[1][1]).toBe(7663);
    });
  }
});

describe('archive allowlist: the server cannot be turned into a proxy', () => {
  it('an asset URL on a host outside ARCHIVE_HOSTS is refused without a single request to it', async () => {
    const elsewhere = await startRangeFileServer(filesDir);
    try {
      const catalogDir = await writeCatalog('foreign-host', (name) => `${elsewhere.url}/${name}`);
      app = await buildTestApp({ LANDSAT_SOURCE: `local:${catalogDir}`, ARCHIVE_HOSTS: new URL(server.url).host });
      const res = await app.inject(PIXEL_URL);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({ code: 'archive_refused', message: expect.stringMatching(/not an allowed archive location; it was not fetched/) });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('a local item pointing at files outside its folder is refused', async () => {
    const catalogDir = await writeCatalog('escaping-paths', (name) => path.join(FIXTURE_SCENE_DIR, name));
    app = await buildTestApp({ LANDSAT_SOURCE: `local:${catalogDir}` });
    const res = await app.inject(PIXEL_URL);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('archive_refused');
  });

  it('a local source reads URL assets only when ARCHIVE_HOSTS names their host', async () => {
    const catalogDir = await writeCatalog('no-hosts', (name) => `${server.url}/${name}`);
    app = await buildTestApp({ LANDSAT_SOURCE: `local:${catalogDir}` });
    expect((await app.inject(PIXEL_URL)).json().error.code).toBe('archive_refused');
  });
});
