import { describe, expect, it } from 'vitest';
import { HARMONIZED_METHOD, reflectanceHarmonizer } from './harmonize.js';

// Roy et al. 2016 (RSE 185, 57-70) Table 2 RMA coefficients as the issue quotes them, blue..SWIR 2.
const TABLE = [
  ['B02', 0.9785, -0.0095],
  ['B03', 0.9542, -0.0016],
  ['B04', 0.9825, -0.0022],
  ['B05', 1.0073, -0.0021],
  ['B06', 1.0171, -0.003],
  ['B07', 0.9949, 0.0029],
] as const;

describe('reflectanceHarmonizer', () => {
  it.each(TABLE)('%s on TM and ETM+: %s x rho + %s', (id, slope, intercept) => {
    for (const sensor of ['TM', 'ETM+'] as const) {
      const f = reflectanceHarmonizer(id, sensor, 'oli')!;
      expect(f(0)).toBeCloseTo(intercept, 12);
      expect(f(0.2)).toBeCloseTo(slope * 0.2 + intercept, 12);
    }
  });

  it('leaves OLI, temperature, coastal and unharmonised answers alone', () => {
    expect(reflectanceHarmonizer('B04', 'OLI/TIRS', 'oli')).toBeNull();
    expect(reflectanceHarmonizer('B09', 'TM', 'oli')).toBeNull();
    expect(reflectanceHarmonizer('B04', 'TM', undefined)).toBeNull();
    expect(HARMONIZED_METHOD).toBe('roy2016-rma');
  });
});
