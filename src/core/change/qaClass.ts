/**
 * pyccd's quality classes from Collection 2 QA_PIXEL bits, in pyccd's precedence
 * (fill > cloud > shadow > snow > water > clear), and its per-procedure observation filters.
 */
export const enum QaClass {
  Clear = 0,
  Water = 1,
  Shadow = 2,
  Snow = 3,
  Cloud = 4,
  Fill = 255,
}

/** Which QA_PIXEL conditions count; the default is pyccd's (all of them). */
export interface ChangeMask {
  cloud: boolean;
  dilatedCloud: boolean;
  cirrus: boolean;
  shadow: boolean;
  snow: boolean;
  water: boolean;
}

export const PYCCD_MASK: ChangeMask = { cloud: true, dilatedCloud: false, cirrus: false, shadow: true, snow: true, water: true };

const bit = (qa: number, n: number) => ((qa >> n) & 1) === 1;

export function qaClass(qa: number, mask: ChangeMask = PYCCD_MASK): QaClass {
  if (bit(qa, 0)) return QaClass.Fill;
  if ((mask.cloud && bit(qa, 3)) || (mask.dilatedCloud && bit(qa, 1)) || (mask.cirrus && bit(qa, 2))) return QaClass.Cloud;
  if (mask.shadow && bit(qa, 4)) return QaClass.Shadow;
  if (mask.snow && bit(qa, 5)) return QaClass.Snow;
  if (mask.water && bit(qa, 7)) return QaClass.Water;
  return QaClass.Clear;
}

export const isClearOrWater = (c: QaClass) => c === QaClass.Clear || c === QaClass.Water;
