import type { QaFlags } from './qaFlags.js';

// Whether a pixel is clear is decided in one place only: clearPixel.ts (isClearPixel) under the user's mask.

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
