import type { QaFlags } from '../../core/raster/qaFlags.js';

/**
 * The QA_PIXEL flags of one pixel in plain words, worst first, so nobody compares a ground
 * measurement against a cloud: e.g. ["cloud", "cirrus"], ["clear", "water"], ["fill"].
 */
export function qaFlagWords(flags: QaFlags | null | undefined): string[] {
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
  // Not clear and no named cause (e.g. only medium cloud confidence): say so rather than nothing.
  if (words.length === 0) words.push('not clear');
  return words;
}

/** True when the pixel is usable for a comparison: flagged clear and not fill. */
export function isClearPixel(flags: QaFlags | null | undefined): boolean {
  return Boolean(flags && flags.clear && !flags.fill);
}
