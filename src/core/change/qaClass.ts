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

/** The QA_PIXEL bits each class tests under a mask (worked out once per series, not per observation). */
export interface QaClassBits {
  cloud: number;
  shadow: number;
  snow: number;
  water: number;
}

export function qaClassBits(mask: ClearMask = CCDC_DEFAULT_MASK): QaClassBits {
  return {
    cloud: (mask.has('cloud') ? 1 << 3 : 0) | (mask.has('dilated_cloud') ? 1 << 1 : 0) | (mask.has('cirrus') ? 1 << 2 : 0),
    shadow: mask.has('shadow') ? 1 << 4 : 0,
    snow: mask.has('snow') ? 1 << 5 : 0,
    water: mask.has('water') ? 1 << 7 : 0,
  };
}

export function qaClass(qa: number, bits: QaClassBits | ClearMask = CCDC_DEFAULT_MASK): QaClass {
  const b = 'cloud' in bits ? bits : qaClassBits(bits);
  if (qa & 1) return QaClass.Fill;
  if (qa & b.cloud) return QaClass.Cloud;
  if (qa & b.shadow) return QaClass.Shadow;
  if (qa & b.snow) return QaClass.Snow;
  if (qa & b.water) return QaClass.Water;
  return QaClass.Clear;
}

export const isClearOrWater = (c: QaClass) => c === QaClass.Clear || c === QaClass.Water;
