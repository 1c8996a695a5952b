import { describe, expect, it } from 'vitest';
import { decodeQaPixel } from './qaFlags.js';
import { DEFAULT_MASK, isClearPixel } from './clearPixel.js';
import { qaBitsOf, qaWords } from './qaWords.js';

describe('QA_PIXEL per sensor', () => {
  it('reads the real TM/ETM+ clear value 5440 (landsat-tm-etm README, both scenes) as clear', () => {
    expect(qaWords(decodeQaPixel(5440), 'TM')).toEqual(['clear']);
    expect(isClearPixel(5440, DEFAULT_MASK)).toBe(true);
  });

  it('fill (QA 1, Landsat 7 scan-line gaps) is fill, not cloud', () => {
    expect(qaWords(decodeQaPixel(1), 'ETM+')).toEqual(['fill']);
  });

  it('TM and ETM+ have no cirrus or terrain-occlusion bit; OLI has both', () => {
    expect(qaBitsOf('TM')).toEqual({ cirrus: false, terrainOcclusion: false });
    expect(qaBitsOf('ETM+')).toEqual({ cirrus: false, terrainOcclusion: false });
    expect(qaBitsOf('OLI/TIRS')).toEqual({ cirrus: true, terrainOcclusion: true });
    // Bit 2 is unused on TM/ETM+: never worded as cirrus there.
    expect(qaWords(decodeQaPixel(5440 | 4), 'ETM+')).not.toContain('cirrus');
    expect(qaWords(decodeQaPixel(5440 | 4), 'OLI/TIRS')).toContain('cirrus');
  });
});
