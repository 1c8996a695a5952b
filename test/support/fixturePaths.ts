import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, wherever it is cloned. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Shared real test data lives beside the repository: ../shared/fixtures (FIXTURES_DIR overrides, e.g. from a git worktree elsewhere). */
export const FIXTURES_DIR = process.env.FIXTURES_DIR ? path.resolve(process.env.FIXTURES_DIR) : path.resolve(REPO_ROOT, '../shared/fixtures');
export const FIXTURE_CATALOG_DIR = path.join(FIXTURES_DIR, 'landsat-c2-l2');
export const FIXTURE_SCENE_ID = 'LC08_L2SP_001070_20190114_20200830_02_T2';
export const FIXTURE_SCENE_DIR = path.join(FIXTURE_CATALOG_DIR, FIXTURE_SCENE_ID);
export const FIXTURE_STAC_ITEMS_DIR = path.join(FIXTURES_DIR, 'stac-items');
/** Real material from other projects (../shared/real-world, see its README). */
export const REAL_WORLD_DIR = path.resolve(REPO_ROOT, '../shared/real-world');
/** A `local:` catalogue of a real Landsat 5 TM and a real Landsat 7 ETM+ Level-2 scene (decimated to 60 x 60 px). */
export const TM_ETM_CATALOG_DIR = path.join(REAL_WORLD_DIR, 'landsat-tm-etm');
