/**
 * The scene's own stretch for its tiles: the 2-98 % percentiles of the whole scene's clear pixels,
 * read once from the overview that holds ~256 px across (the quicklook's read), shared by R, G and B
 * for true colour. Every tile of the scene is drawn with it, so tiles join without seams; the box
 * image's stretch is the box's, which would differ from tile to tile.
 */
import { LRUCache } from 'lru-cache';
import { dnHistogram, dnPercentiles } from '../landsat/dnPercentiles.mjs';
import type { SceneBand } from '../landsat/sceneBands.js';
import { maskBits, type ClearMask } from '../raster/clearPixel.js';
import type { SceneReader } from '../raster/sceneReader.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { DisplayRange } from './encodeTile.js';

const STRETCH_READ_PX = 256;
const PERCENT = 2;
/** Below this share of clear pixels the percentiles are taken over every imaged pixel (as the box image does). */
const MIN_CLEAR_SHARE = 0.01;

const ranges = new LRUCache<string, Promise<DisplayRange[]>>({ max: 512 });

export function sceneStretch(scene: LandsatScene, shown: readonly SceneBand[], mask: ClearMask, reader: SceneReader, signal?: AbortSignal): Promise<DisplayRange[]> {
  const key = `${scene.id}|${shown.map((b) => `${b.info.id}:${b.read.asset}`).join(',')}|${maskBits(mask)}`;
  let made = ranges.get(key);
  if (!made) {
    made = compute(scene, shown, mask, reader, signal);
    ranges.set(key, made);
    made.catch(() => ranges.delete(key));
  }
  return made;
}

async function compute(scene: LandsatScene, shown: readonly SceneBand[], mask: ClearMask, reader: SceneReader, signal?: AbortSignal): Promise<DisplayRange[]> {
  const [minLon, minLat, maxLon, maxLat] = scene.bboxLngLat;
  const assets = [...new Set([...shown.map((b) => b.read.asset), 'qa_pixel' as const])];
  const box = await reader.readBox({ minLon, minLat, maxLon, maxLat }, assets, { maxSize: STRETCH_READ_PX }, signal);
  const qa = box.dn.qa_pixel!;
  const bits = maskBits(mask) | 1;
  const clear = new Uint8Array(qa.length);
  let clearCount = 0;
  let imaged = 0;
  for (let i = 0; i < qa.length; i++) {
    if (qa[i] === 0 || (qa[i] & 1) !== 0) continue;
    imaged++;
    if ((qa[i] & bits) === 0) {
      clear[i] = 1;
      clearCount++;
    }
  }
  const only = clearCount >= Math.max(100, MIN_CLEAR_SHARE * imaged) ? clear : undefined;
  const histograms = shown.map((b) => dnHistogram(box.dn[b.read.asset]!, only));
  const shared = shown.length === 3 && shown.every((b) => b.unit === 'reflectance');
  const rangeOf = (band: SceneBand, bins: Uint32Array): DisplayRange => {
    const p = dnPercentiles(bins, PERCENT);
    const fallback = band.unit === 'kelvin' ? { low: 250, high: 320 } : { low: 0, high: 0.3 };
    if (!p) return fallback;
    const low = band.physical(p.lowDn);
    const high = band.physical(p.highDn);
    return low === null || high === null || !(high > low) ? fallback : { low, high };
  };
  if (shared) {
    const sum = new Uint32Array(65536);
    for (const h of histograms) for (let v = 0; v < 65536; v++) sum[v] += h[v];
    const r = rangeOf(shown[0], sum);
    return shown.map(() => r);
  }
  return shown.map((b, i) => rangeOf(b, histograms[i]));
}
