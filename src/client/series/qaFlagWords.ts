/** The QA_PIXEL flags of one pixel in plain words, worst first: the API's own wording (core/raster/qaWords). */
export { qaWords as qaFlagWords } from '../../core/raster/qaWords.js';

/**
 * Whether a pixel of a /api/pixel scene is clear: the server's `clear` under the request's mask, or
 * the same rule (core/raster/clearPixel.ts) on the QA value. The page has no rule of its own.
 */
export { isClearAt } from '../../core/indices/spectralIndices.js';
