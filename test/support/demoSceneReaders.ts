/**
 * Scene readers over the demo archive for the scene-box counting tests (demoBoxCounts.test.ts,
 * demoCloudHandOver.test.ts): the default point's scene box, a reader per scene, and the demo's files
 * without their counter (read as windows, the path every archive file takes).
 */
import type { BBox } from '../../src/core/geo/lngLat.js';
import { createBlockCache } from '../../src/core/raster/blockCache.js';
import type { ByteSource } from '../../src/core/raster/byteSource.js';
import { createSceneReader } from '../../src/core/raster/sceneReader.js';
import type { LandsatScene } from '../../src/core/stac/landsatScene.js';
import { demoAssetHref, demoAssetKeys } from '../../src/core/demo/demoSceneIds.js';
import { openDemoAssetSource } from '../../src/core/demo/demoScenes.js';
import type { ArchiveAssetKey } from '../../src/core/bands/bandCatalog.js';
import { countWindowDns } from '../../src/core/landsat/dnCounts.mjs';

/** The default point's scene box (path 18, row 28, as /api/wrs2 gives it): what the page's charts read. */
export const SCENE_BOX: BBox = { minLon: -80.62435440193119, minLat: 44.965806437353145, maxLon: -77.64312355860082, maxLat: 47.08106202336236 };

export const demoReaderOf = (scene: LandsatScene, openSource: (href: string) => ByteSource) =>
  createSceneReader({ cache: createBlockCache({ maxBytes: 1 << 26 }), openSource, assetHref: (asset) => demoAssetHref(scene.id, asset) });

/** The demo's files as windows only: no counting where the samples are made. */
export function withoutCounter(href: string): ByteSource {
  const { sampleCounter: _counter, ...source } = openDemoAssetSource(href);
  return source;
}

/** A scene's reflective and thermal bands on the demo archive (its assets less QA_PIXEL). */
export const demoBandsOf = (scene: LandsatScene) => demoAssetKeys(scene.satellite).filter((a): a is ArchiveAssetKey => a !== 'qa_pixel');

/**
 * Each scene's scene-box counts at 64 px a side as the read windows give them (read as windows, then
 * counted with countWindowDns): what a count made where the samples are made must equal.
 */
export async function windowCountsOf(scenes: readonly LandsatScene[], bits: number) {
  const expected = [];
  for (const scene of scenes) {
    const bands = demoBandsOf(scene);
    const window = await demoReaderOf(scene, withoutCounter).readBox(SCENE_BOX, [...bands, 'qa_pixel'], { maxSize: 64, keepWindow: false });
    expected.push(countWindowDns(window.dn.qa_pixel!, bits, bands.map((b) => window.dn[b]!)));
  }
  return expected;
}
