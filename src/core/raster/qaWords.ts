import type { LandsatSensor } from '../bands/missions.js';
import type { QaFlags } from './qaFlags.js';

// Whether a pixel is clear is decided in one place only: clearPixel.ts (isClearPixel) under the user's mask.

/**
 * The QA_PIXEL flags of one pixel in plain words, worst first, so nobody compares a ground
 * measurement against a cloud: e.g. ["cloud", "cirrus"], ["clear", "water"], ["fill"].
 * The page shows the same words (src/client/series/qaFlagWords.ts re-exports this).
 */
export function qaWords(flags: QaFlags | null | undefined, sensor?: LandsatSensor): string[] {
  if (!flags) return ['no data'];
  if (flags.fill) return ['fill'];
  const words: string[] = [];
  if (flags.cloud) words.push('cloud');
  if (flags.dilatedCloud) words.push('near cloud');
  if (flags.cloudShadow) words.push('shadow');
  if (flags.cirrus && qaBitsOf(sensor).cirrus) words.push('cirrus');
  if (flags.snow) words.push('snow');
  if (flags.clear) words.push('clear');
  if (flags.water) words.push('water');
  if (words.length === 0) words.push('not clear');
  return words;
}

/**
 * Which QA_PIXEL flags a sensor sets. TM and ETM+ (Landsat 4, 5, 7) have no cirrus band, so QA_PIXEL
 * bit 2 (cirrus) and bits 14-15 (cirrus confidence) are unused on their scenes (USGS LSDS-1618, Landsat
 * 4-7 C2 L2 Science Product Guide, versus LSDS-1619 for Landsat 8-9). Terrain occlusion is not in
 * QA_PIXEL for any sensor (OLI flags it in QA_RADSAT bit 11; TM/ETM+ not at all). The clear-pixel rule
 * stays one rule: a bit the sensor lacks is always 0, so it never makes a pixel unclear.
 */
export function qaBitsOf(sensor: LandsatSensor | undefined): { cirrus: boolean; terrainOcclusion: boolean } {
  const oli = sensor === undefined || sensor === 'OLI/TIRS';
  return { cirrus: oli, terrainOcclusion: oli };
}
