import { describe, expect, it } from 'vitest';
import { DEFAULT_MASK, MaskParseError, isClearPixel, isImaged, parseMask } from './clearPixel.js';

// QA_PIXEL values read with GDAL at the fixture's README points: 21824 (clear bit 6, no cloud/shadow/cirrus),
// 22280 (bit 3 cloud set). Bits per USGS LSDS-1619: 0 fill, 1 dilated cloud, 2 cirrus, 3 cloud, 4 shadow, 5 snow, 7 water.
describe('clearPixel', () => {
  it('parses mask words, none and the default', () => {
    expect(parseMask(undefined)).toBe(DEFAULT_MASK);
    expect(parseMask('')).toBe(DEFAULT_MASK);
    expect([...DEFAULT_MASK].sort()).toEqual(['cirrus', 'cloud', 'dilated_cloud', 'shadow']);
    expect(parseMask('none').size).toBe(0);
    expect([...parseMask('Snow, water')]).toEqual(['snow', 'water']);
    expect(() => parseMask('clouds')).toThrow(MaskParseError);
    expect(() => parseMask('clouds')).toThrow(/cloud, dilated_cloud, cirrus, shadow, snow, water/);
  });

  it('applies the mask bit by bit', () => {
    expect(isClearPixel(21824, DEFAULT_MASK)).toBe(true);
    expect(isClearPixel(22280, DEFAULT_MASK)).toBe(false);
    expect(isClearPixel(22280, parseMask('none'))).toBe(true);
    expect(isClearPixel(1 << 5, parseMask('snow'))).toBe(false);
    expect(isClearPixel(1 << 7, DEFAULT_MASK)).toBe(true);
    expect(isClearPixel(1 << 7, parseMask('water'))).toBe(false);
    expect(isClearPixel(1 << 1, parseMask('dilated_cloud'))).toBe(false);
    expect(isClearPixel(1 << 2, parseMask('cirrus'))).toBe(false);
    expect(isClearPixel(1 << 4, parseMask('shadow'))).toBe(false);
    // Fill (bit 0) is never clear, whatever the mask.
    expect(isImaged(1)).toBe(false);
    expect(isClearPixel(1, parseMask('none'))).toBe(false);
  });
});
