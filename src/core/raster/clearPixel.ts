/**
 * The one rule for "is this pixel clear?": statistics, indices, /api/compare, areas, exports and the
 * page all ask this module, so a pixel is clear or not the same way in every chart and file.
 *
 * QA_PIXEL bits as USGS documents them for Collection 2 Level-2 (LSDS-1619 Landsat 8-9, LSDS-1618
 * Landsat 4-7; https://www.usgs.gov/landsat-missions/landsat-collection-2-quality-assessment-bands):
 * bit 0 fill, 1 dilated cloud, 2 cirrus (OLI only: TM/ETM+ leave it 0, so asking to mask cirrus
 * there masks nothing), 3 cloud, 4 cloud shadow, 5 snow, 6 clear, 7 water.
 * USGS's own "clear" bit 6 is set on cloud-shadow pixels (it means "not cloud"), so it never
 * decides alone: a pixel is clear when it is imaged and none of the masked bits is set.
 */
export const MASK_WORDS = ['cloud', 'dilated_cloud', 'cirrus', 'shadow', 'snow', 'water'] as const;
export type MaskWord = (typeof MASK_WORDS)[number];
export type ClearMask = ReadonlySet<MaskWord>;

/** Bit of QA_PIXEL each mask word tests. */
const MASK_BIT: Record<MaskWord, number> = {
  dilated_cloud: 1 << 1,
  cirrus: 1 << 2,
  cloud: 1 << 3,
  shadow: 1 << 4,
  snow: 1 << 5,
  water: 1 << 7,
};
const FILL_BIT = 1 << 0;

/** What is not clear unless the user says otherwise: snow and water are surfaces (NDSI/NDWI measure them). */
export const DEFAULT_MASK: ClearMask = new Set<MaskWord>(['cloud', 'dilated_cloud', 'cirrus', 'shadow']);

export class MaskParseError extends Error {
  override readonly name = 'MaskParseError';
}

const isMaskWord = (word: string): word is MaskWord => (MASK_WORDS as readonly string[]).includes(word);

/**
 * Reads a mask as the API takes it: comma-separated words. Absent or empty: DEFAULT_MASK;
 * `none`: nothing masked (every imaged pixel is clear). Unknown words throw MaskParseError naming
 * every allowed word.
 */
export function parseMask(text: string | undefined): ClearMask {
  if (text === undefined || text.trim() === '') return DEFAULT_MASK;
  const words = text
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 1 && words[0] === 'none') return new Set<MaskWord>();
  const unknown = words.filter((w) => !isMaskWord(w));
  if (unknown.length > 0) {
    throw new MaskParseError(
      `unknown mask word${unknown.length > 1 ? 's' : ''} ${unknown.map((w) => `"${w}"`).join(', ')}; mask takes comma-separated words among ${MASK_WORDS.join(', ')}, or "none" to keep every imaged pixel (default ${[...DEFAULT_MASK].join(',')})`,
    );
  }
  return new Set(words as MaskWord[]);
}

/** The mask as the API writes it back (`none` when empty), words in MASK_WORDS order. */
export function maskToText(mask: ClearMask): string {
  const words = MASK_WORDS.filter((w) => mask.has(w));
  return words.length === 0 ? 'none' : words.join(',');
}

/** True when the sensor imaged the pixel: QA_PIXEL's fill bit (bit 0) is not set. */
export function isImaged(qa: number): boolean {
  return (qa & FILL_BIT) === 0;
}

/**
 * The mask's QA_PIXEL bits as one number: an imaged pixel is clear when `qa & bits` is 0. Loops over a
 * whole window take this once instead of walking the mask's words for every pixel.
 */
export function maskBits(mask: ClearMask): number {
  let bits = 0;
  for (const word of mask) bits |= MASK_BIT[word];
  return bits;
}

/** True when the pixel is imaged and none of the mask's QA_PIXEL bits is set. */
export function isClearPixel(qa: number, mask: ClearMask): boolean {
  return isImaged(qa) && (qa & maskBits(mask)) === 0;
}
