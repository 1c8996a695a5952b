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
import { demoAssetHref, openDemoAssetSource } from '../../src/core/demo/demoScenes.js';

/** The default point's scene box (path 18, row 28, as /api/wrs2 gives it): what the page's charts read. */
export const SCENE_BOX: BBox = { minLon: -80.62435440193119, minLat: 44.965806437353145, maxLon: -77.64312355860082, maxLat: 47.08106202336236 };

export const demoReaderOf = (scene: LandsatScene, openSource: (href: string) => ByteSource) =>
  createSceneReader({ cache: createBlockCache({ maxBytes: 1 << 26 }), openSource, assetHref: (asset) => demoAssetHref(scene.id, asset) });

/** The demo's files as windows only: no counting where the samples are made. */
export function withoutCounter(href: string): ByteSource {
  const { sampleCounter: _counter, ...source } = openDemoAssetSource(href);
  return source;
}
