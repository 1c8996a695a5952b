import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LandsatScene } from './landsatScene.js';
import { normalizeStacItem } from './normalizeStacItem.js';
import { readStacItemTree } from './readStacItemTree.js';
import type { SceneCatalog, SceneQuery, SceneSearchResult } from './sceneCatalog.js';
import { keepMostRecent, sceneQueryFilter } from './sceneQueryFilter.js';

export interface LocalCatalogOptions {
  /** Folder tree of STAC Item JSON files (LANDSAT_SOURCE=local:<dir>). */
  dir: string;
  /** Name reported by the catalogue; default `local:<absolute dir>`. */
  name?: string;
}

export interface LocalCatalog extends SceneCatalog {
  /** Every qualifying scene found when indexing, oldest first. */
  readonly scenes: readonly LandsatScene[];
}

/**
 * A static catalogue: the folder tree is walked and indexed once, then every search filters in
 * memory. Asset hrefs relative to an item file become absolute file paths; URLs stay URLs.
 */
export async function createLocalCatalog(options: LocalCatalogOptions): Promise<LocalCatalog> {
  const dir = path.resolve(options.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`The local Landsat catalogue folder ${dir} does not exist or is not a folder`);
  }
  const files = await readStacItemTree(dir);
  const scenes: LandsatScene[] = [];
  const seen = new Set<string>();
  for (const { filePath, item } of files) {
    const scene = normalizeStacItem(item, filePath);
    if (scene && !seen.has(scene.id)) {
      seen.add(scene.id);
      scenes.push(scene);
    }
  }
  scenes.sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime));
  const synthetic = scenes.length > 0 && scenes.every((scene) => scene.synthetic);

  return {
    name: options.name ?? `local:${dir}`,
    synthetic,
    scenes,
    async search(query: SceneQuery): Promise<SceneSearchResult> {
      query.signal?.throwIfAborted();
      const matches = scenes.filter(sceneQueryFilter(query));
      return keepMostRecent(matches, query.limit);
    },
    async resolveAssetHref(href: string, signal?: AbortSignal): Promise<string> {
      signal?.throwIfAborted();
      return href;
    },
  };
}
