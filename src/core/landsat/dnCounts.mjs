// The per-pixel half of a box's statistics (statistics.ts): each pixel classed once from QA_PIXEL, then
// every band's pixels counted per DN, split into clear and masked. Plain JS, shared by statistics.ts and
// the worker that runs it off the event loop (stretchWorker.mjs), which loads without tsx.

/** What a pixel of a window is to the statistics. */
export const PIXEL_FILL = 0;
export const PIXEL_MASKED = 1;
export const PIXEL_CLEAR = 2;

/** QA_PIXEL bit 0: the pixel was not imaged (clearPixel.ts' FILL_BIT). */
const FILL_BIT = 1;

/**
 * Each pixel's class from QA_PIXEL under the mask's bits (clearPixel.ts' maskBits): fill (the fill bit,
 * or DN 0, the file's nodata outside the raster), masked (any of the bits set), or clear.
 */
export function classifyPixels(qa, maskBits) {
  const classes = new Uint8Array(qa.length);
  for (let i = 0; i < qa.length; i++) {
    const q = qa[i];
    classes[i] = q === 0 || (q & FILL_BIT) !== 0 ? PIXEL_FILL : (q & maskBits) !== 0 ? PIXEL_MASKED : PIXEL_CLEAR;
  }
  return classes;
}

// Scratch (the counting is synchronous, so one set serves every call on a thread): pixels per DN, and the DNs seen.
const DN_VALUES = 65_536;
const clearCount = new Uint32Array(DN_VALUES);
const maskedCount = new Uint32Array(DN_VALUES);
const clearSeen = new Uint16Array(DN_VALUES);
const maskedSeen = new Uint16Array(DN_VALUES);

/**
 * One band's pixels per DN over `classes`: the fill pixels counted, and each distinct DN of the clear
 * and of the masked pixels with its count (a box holds far fewer distinct 16-bit DNs than pixels).
 */
export function countDns(dn, classes) {
  let clearDistinct = 0;
  let maskedDistinct = 0;
  let fill = 0;
  for (let i = 0; i < dn.length; i++) {
    const kind = classes[i];
    if (kind === PIXEL_FILL) {
      fill++;
      continue;
    }
    const d = dn[i];
    if (kind === PIXEL_CLEAR) {
      if (clearCount[d]++ === 0) clearSeen[clearDistinct++] = d;
    } else if (maskedCount[d]++ === 0) maskedSeen[maskedDistinct++] = d;
  }
  const clearDns = clearSeen.slice(0, clearDistinct);
  const clearCounts = new Uint32Array(clearDistinct);
  for (let k = 0; k < clearDistinct; k++) {
    clearCounts[k] = clearCount[clearDns[k]];
    clearCount[clearDns[k]] = 0;
  }
  const maskedDns = maskedSeen.slice(0, maskedDistinct);
  const maskedCounts = new Uint32Array(maskedDistinct);
  for (let k = 0; k < maskedDistinct; k++) {
    maskedCounts[k] = maskedCount[maskedDns[k]];
    maskedCount[maskedDns[k]] = 0;
  }
  return { fill, clearDns, clearCounts, maskedDns, maskedCounts };
}

/**
 * classifyPixels then countDns for every band of one window: what the worker runs per scene. With
 * `inside` (1 per pixel of an area's polygon), the pixels outside count as fill.
 */
export function countWindowDns(qa, maskBits, bands, inside) {
  const classes = classifyPixels(qa, maskBits);
  if (inside) for (let i = 0; i < classes.length; i++) if (inside[i] === 0) classes[i] = PIXEL_FILL;
  return bands.map((dn) => countDns(dn, classes));
}
