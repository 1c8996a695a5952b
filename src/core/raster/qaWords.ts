import type { QaFlags } from './qaFlags.js';

/**
 * The QA_PIXEL flags of one pixel in plain words, worst first, so nobody compares a ground
 * measurement against a cloud: e.g. ["cloud", "cirrus"], ["clear", "water"], ["fill"].
 * The page shows the same words (src/client/analysis/qaFlagWords.ts re-exports this).
 */
export function qaWords(flags: QaFlags | null | undefined): string[] {
  if (!flags) return ['no data'];
  if (flags.fill) return ['fill'];
  const words: string[] = [];
  if (flags.cloud) words.push('cloud');
  if (flags.dilatedCloud) words.push('near cloud');
  if (flags.cloudShadow) words.push('shadow');
  if (flags.cirrus) words.push('cirrus');
  if (flags.snow) words.push('snow');
  if (flags.clear) words.push('clear');
  if (flags.water) words.push('water');
  if (words.length === 0) words.push('not clear');
  return words;
}

/**
 * A pixel whose surface is seen: not fill, cloud, dilated cloud, cloud shadow or cirrus. Snow and
 * water stay (they are surfaces, and NDSI/NDWI exist to measure them). USGS LSDS-1619, QA_PIXEL:
 * https://www.usgs.gov/landsat-missions/landsat-collection-2-quality-assessment-bands
 */
export function isClearSurface(flags: QaFlags | null | undefined): boolean {
  return Boolean(flags && !flags.fill && !flags.cloud && !flags.dilatedCloud && !flags.cloudShadow && !flags.cirrus);
}
