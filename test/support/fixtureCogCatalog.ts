import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from './fixturePaths.js';

/**
 * A `local:` catalogue of the fixture scene in a new temporary folder, with the files whose name matches
 * `rewrite` rewritten by `gdal_translate -of COG` (128 px DEFLATE tiles, internal overviews: AVERAGE for
 * the bands, NEAREST for QA_PIXEL, plus `creationOptions`); the STAC items copied, the other files linked.
 * For the tests that need overviews the fixture's own files lack. The caller removes `dir`.
 */
export function fixtureCogCatalog(prefix: string, rewrite: RegExp, creationOptions: string[] = []): { dir: string; catalog: string; sceneDir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const catalog = path.join(dir, 'catalog');
  const sceneDir = path.join(catalog, FIXTURE_SCENE_ID);
  mkdirSync(sceneDir, { recursive: true });
  for (const name of readdirSync(FIXTURE_SCENE_DIR)) {
    const from = path.join(FIXTURE_SCENE_DIR, name);
    const to = path.join(sceneDir, name);
    if (rewrite.test(name)) {
      const resampling = name.includes('QA_PIXEL') ? 'NEAREST' : 'AVERAGE';
      const co = ['BLOCKSIZE=128', 'COMPRESS=DEFLATE', ...creationOptions, 'OVERVIEWS=AUTO', `OVERVIEW_RESAMPLING=${resampling}`].flatMap((o) => ['-co', o]);
      execFileSync('gdal_translate', ['-q', '-of', 'COG', ...co, from, to]);
    } else if (name.endsWith('.json')) copyFileSync(from, to);
    else symlinkSync(from, to);
  }
  return { dir, catalog, sceneDir };
}
