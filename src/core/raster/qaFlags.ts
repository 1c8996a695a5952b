/**
 * QA_PIXEL bit flags of Landsat 8-9 Collection 2 Level-2 products
 * (USGS LSDS-1619 Science Product Guide, table "Pixel Quality Assessment (QA_PIXEL) Bit Index";
 * https://www.usgs.gov/landsat-missions/landsat-collection-2-quality-assessment-bands).
 */
export type QaConfidence = 'none' | 'low' | 'medium' | 'high';

export interface QaFlags {
  fill: boolean;
  dilatedCloud: boolean;
  cirrus: boolean;
  cloud: boolean;
  cloudShadow: boolean;
  snow: boolean;
  clear: boolean;
  water: boolean;
  cloudConfidence: QaConfidence;
  cloudShadowConfidence: QaConfidence;
  snowIceConfidence: QaConfidence;
  cirrusConfidence: QaConfidence;
}

// Two-bit confidence: 00 none/not set, 01 low, 10 medium (reserved for shadow/snow/cirrus on L8-9), 11 high.
const CONFIDENCE: QaConfidence[] = ['none', 'low', 'medium', 'high'];

const bit = (value: number, i: number) => ((value >>> i) & 1) === 1;
const pair = (value: number, i: number) => CONFIDENCE[(value >>> i) & 3];

export function decodeQaPixel(value: number): QaFlags {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) throw new RangeError(`QA_PIXEL value out of range: ${value}`);
  return {
    fill: bit(value, 0),
    dilatedCloud: bit(value, 1),
    cirrus: bit(value, 2),
    cloud: bit(value, 3),
    cloudShadow: bit(value, 4),
    snow: bit(value, 5),
    clear: bit(value, 6),
    water: bit(value, 7),
    cloudConfidence: pair(value, 8),
    cloudShadowConfidence: pair(value, 10),
    snowIceConfidence: pair(value, 12),
    cirrusConfidence: pair(value, 14),
  };
}
