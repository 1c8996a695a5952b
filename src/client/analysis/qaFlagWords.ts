import type { QaFlags } from '../../core/raster/qaFlags.js';

/** The QA_PIXEL flags of one pixel in plain words, worst first: the API's own wording (core/raster/qaWords). */
export { qaWords as qaFlagWords } from '../../core/raster/qaWords.js';

/** True when the pixel is usable for a comparison: flagged clear and not fill. */
export function isClearPixel(flags: QaFlags | null | undefined): boolean {
  return Boolean(flags && flags.clear && !flags.fill);
}
