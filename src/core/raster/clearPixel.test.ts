import { describe, expect, it } from 'vitest';
import { DEFAULT_MASK, MASK_WORDS, MaskParseError, isClearPixel, isImaged, parseMask } from './clearPixel.js';

/**
 * QA_PIXEL values with the bits USGS documents (LSDS-1619 table "Pixel Quality Assessment (QA_PIXEL)
 * Bit Index"; values as they occur in Landsat 8-9 / TM scenes). Bits: 0 fill, 1 dilated cloud,
 * 2 cirrus, 3 cloud, 4 shadow, 5 snow, 6 clear, 7 water, 8-15 confidences (never decide).
 * 21824 and 22280 are the fixture scene's QA_PIXEL at its two README points (gdallocationinfo).
 */
const TABLE: { qa: number; what: string; imaged: boolean; default: boolean; none: boolean; snowWater: boolean }[] = [
  { qa: 1, what: 'fill (bit 0)', imaged: false, default: false, none: false, snowWater: false },
  { qa: 21824, what: 'clear, low-confidence cloud (bits 6, 8, 10, 12, 14): fixture point 1', imaged: true, default: true, none: true, snowWater: true },
  { qa: 22280, what: 'cloud, high confidence (bits 3, 8, 9, 10, 12, 14): fixture point 2', imaged: true, default: false, none: true, snowWater: true },
  { qa: 21952, what: 'clear water (bits 6, 7 + confidences)', imaged: true, default: true, none: true, snowWater: false },
  { qa: 23888, what: 'cloud shadow with the clear bit set (bits 4, 6, 8, 10, 11, 12, 14)', imaged: true, default: false, none: true, snowWater: true },
  { qa: 21826, what: 'dilated cloud with the clear bit set (bits 1, 6 + confidences)', imaged: true, default: false, none: true, snowWater: true },
  { qa: 54596, what: 'cirrus, high confidence, clear bit set (bits 2, 6, 8, 10, 12, 14, 15)', imaged: true, default: false, none: true, snowWater: true },
  { qa: 30048, what: 'snow, high confidence (bits 5, 6, 8, 10, 12, 13, 14)', imaged: true, default: true, none: true, snowWater: false },
  { qa: 5440, what: 'TM/ETM+ clear (bits 6, 8, 10, 12; no cirrus bit on those sensors)', imaged: true, default: true, none: true, snowWater: true },
  { qa: 0, what: 'no bit set: not fill, not flagged clear by USGS; bit 6 never decides alone', imaged: true, default: true, none: true, snowWater: true },
  { qa: 0b1_0000_0001, what: 'fill bit with other bits: still not imaged', imaged: false, default: false, none: false, snowWater: false },
];

describe('the clear-pixel rule', () => {
  const snowWater = parseMask('snow,water');
  it.each(TABLE)('QA $qa: $what', (row) => {
    expect(isImaged(row.qa)).toBe(row.imaged);
    expect(isClearPixel(row.qa, DEFAULT_MASK)).toBe(row.default);
    expect(isClearPixel(row.qa, parseMask('none'))).toBe(row.none);
    expect(isClearPixel(row.qa, snowWater)).toBe(row.snowWater);
  });

  it('reads the mask words: absent or empty is the default, none is nothing, order and case do not matter', () => {
    expect(parseMask(undefined)).toBe(DEFAULT_MASK);
    expect(parseMask('')).toBe(DEFAULT_MASK);
    expect([...DEFAULT_MASK].sort()).toEqual(['cirrus', 'cloud', 'dilated_cloud', 'shadow']);
    expect(parseMask('none').size).toBe(0);
    expect([...parseMask(' Water , cloud')].sort()).toEqual(['cloud', 'water']);
  });

  it('refuses unknown words naming every allowed one', () => {
    expect.assertions(1 + MASK_WORDS.length + 1);
    expect(() => parseMask('cloud,haze')).toThrow(MaskParseError);
    try {
      parseMask('haze');
    } catch (err) {
      for (const word of MASK_WORDS) expect((err as Error).message).toContain(word);
      expect((err as Error).message).toContain('none');
    }
  });
});
