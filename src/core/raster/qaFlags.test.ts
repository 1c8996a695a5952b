import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQaPixel, type QaConfidence, type QaFlags } from './qaFlags.js';

const CONF: QaConfidence[] = ['none', 'low', 'medium', 'high'];
function encode(f: QaFlags): number {
  const bits = [f.fill, f.dilatedCloud, f.cirrus, f.cloud, f.cloudShadow, f.snow, f.clear, f.water];
  let v = bits.reduce((acc, b, i) => acc | (b ? 1 << i : 0), 0);
  v |= CONF.indexOf(f.cloudConfidence) << 8;
  v |= CONF.indexOf(f.cloudShadowConfidence) << 10;
  v |= CONF.indexOf(f.snowIceConfidence) << 12;
  v |= CONF.indexOf(f.cirrusConfidence) << 14;
  return v;
}

describe('decodeQaPixel', () => {
  it('decodes the fixture clear-land value 21824 (0b0101_0101_0100_0000)', () => {
    expect(decodeQaPixel(21824)).toEqual({
      fill: false, dilatedCloud: false, cirrus: false, cloud: false, cloudShadow: false, snow: false, clear: true, water: false,
      cloudConfidence: 'low', cloudShadowConfidence: 'low', snowIceConfidence: 'low', cirrusConfidence: 'low',
    });
  });

  it('decodes the fixture cloudy value 22280 (0b0101_0111_0000_1000)', () => {
    expect(decodeQaPixel(22280)).toEqual({
      fill: false, dilatedCloud: false, cirrus: false, cloud: true, cloudShadow: false, snow: false, clear: false, water: false,
      cloudConfidence: 'high', cloudShadowConfidence: 'low', snowIceConfidence: 'low', cirrusConfidence: 'low',
    });
  });

  it('flags fill (QA_PIXEL fill DN is 1)', () => {
    expect(decodeQaPixel(1).fill).toBe(true);
    expect(decodeQaPixel(1).clear).toBe(false);
  });

  it('round-trips every 16-bit value through its named flags', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffff }), (v) => encode(decodeQaPixel(v)) === v));
  });

  it('rejects values that are not 16-bit', () => {
    expect(() => decodeQaPixel(70000)).toThrow(RangeError);
    expect(() => decodeQaPixel(-1)).toThrow(RangeError);
  });
});
