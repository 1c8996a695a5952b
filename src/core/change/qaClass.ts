/**
 * pyccd's quality classes from Collection 2 QA_PIXEL bits, in pyccd's precedence
 * (fill bit 0 > cloud bit 3 > shadow bit 4 > snow bit 5 > water bit 7 > clear). The request's mask
 * (the product's mask words) says which conditions count: a condition left out is read as clear;
 * dilated_cloud (bit 1) and cirrus (bit 2), when asked for, count as cloud. Water is used like clear
 * land by every procedure (as in pyccd), so it changes no result.
 */
import { parseMask, type ClearMask, type MaskWord } from '../raster/clearPixel.js';

export const enum QaClass {
  Clear = 0,
  Water = 1,
  Shadow = 2,
  Snow = 3,
  Cloud = 4,
  Fill = 255,
}

/** pyccd's classes: cloud, shadow, snow and water all count. */
export const CCDC_DEFAULT_MASK: ClearMask = new Set<MaskWord>(['cloud', 'shadow', 'snow', 'water']);

/** The mask words of a change request; absent or empty means pyccd's classes. Throws MaskParseError. */
export function parseChangeMask(text: string | undefined): ClearMask {
  return text === undefined || text.trim() === '' ? CCDC_DEFAULT_MASK : parseMask(text);
}

const bit = (qa: number, n: number) => ((qa >> n) & 1) === 1;

export function qaClass(qa: number, mask: ClearMask = CCDC_DEFAULT_MASK): QaClass {
  if (bit(qa, 0)) return QaClass.Fill;
  if ((mask.has('cloud') && bit(qa, 3)) || (mask.has('dilated_cloud') && bit(qa, 1)) || (mask.has('cirrus') && bit(qa, 2))) return QaClass.Cloud;
  if (mask.has('shadow') && bit(qa, 4)) return QaClass.Shadow;
  if (mask.has('snow') && bit(qa, 5)) return QaClass.Snow;
  if (mask.has('water') && bit(qa, 7)) return QaClass.Water;
  return QaClass.Clear;
}

export const isClearOrWater = (c: QaClass) => c === QaClass.Clear || c === QaClass.Water;
