/**
 * Which QA_PIXEL flags make a pixel "not clear" for a caller: the mask. Bits per USGS LSDS-1619
 * (QA_PIXEL): 0 fill, 1 dilated cloud, 2 cirrus, 3 cloud, 4 cloud shadow, 5 snow, 7 water.
 */
export const MASK_WORDS = ['cloud', 'dilated_cloud', 'cirrus', 'shadow', 'snow', 'water'] as const;
export type MaskWord = (typeof MASK_WORDS)[number];
export type ClearMask = ReadonlySet<MaskWord>;

/** What hides the surface: clouds and their shadows. Snow and water are surfaces, kept by default. */
export const DEFAULT_MASK: ClearMask = new Set<MaskWord>(['cloud', 'dilated_cloud', 'cirrus', 'shadow']);

export class MaskParseError extends Error {
  override readonly name = 'MaskParseError';
}

const BIT_OF: Record<MaskWord, number> = { dilated_cloud: 1, cirrus: 2, cloud: 3, shadow: 4, snow: 5, water: 7 };
const isMaskWord = (w: string): w is MaskWord => (MASK_WORDS as readonly string[]).includes(w);

/** Comma-separated mask words; undefined or '' → DEFAULT_MASK; 'none' → nothing masked. */
export function parseMask(text: string | undefined): ClearMask {
  if (text === undefined || text.trim() === '') return DEFAULT_MASK;
  const words = text
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 1 && words[0] === 'none') return new Set();
  const unknown = words.filter((w) => !isMaskWord(w));
  if (unknown.length > 0) {
    throw new MaskParseError(`unknown mask word${unknown.length > 1 ? 's' : ''} ${unknown.map((w) => `"${w}"`).join(', ')}; use a comma-separated list of ${MASK_WORDS.join(', ')}, or none`);
  }
  return new Set(words as MaskWord[]);
}

/** The sensor imaged this pixel: QA bit 0 (fill) is not set. */
export function isImaged(qa: number): boolean {
  return (qa & 1) === 0;
}

/** Imaged, and none of the mask's flags is set. */
export function isClearPixel(qa: number, mask: ClearMask): boolean {
  if (!isImaged(qa)) return false;
  for (const word of mask) if ((qa >>> BIT_OF[word]) & 1) return false;
  return true;
}
