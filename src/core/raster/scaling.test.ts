import { describe, expect, it } from 'vitest';
import { dnToKelvin, dnToPhysical, dnToReflectance, unitForAsset } from './scaling.js';

describe('scaling', () => {
  it('turns SR DNs into reflectance (fixture red DN 7663 ~ 0.0107)', () => {
    expect(dnToReflectance(7663)).toBeCloseTo(7663 * 0.0000275 - 0.2, 12);
    expect(dnToPhysical('red', 7663)).toBeCloseTo(0.0107325, 7);
    // The valid SR range 7273..43636 maps onto about -0.0 .. 1.0.
    expect(dnToPhysical('nir08', 7273)!).toBeCloseTo(0, 3);
    expect(dnToPhysical('nir08', 43636)!).toBeCloseTo(1, 3);
  });

  it('turns ST_B10 DNs into kelvin (fixture DN 43782 ~ 298.6 K)', () => {
    expect(dnToKelvin(43782)).toBeCloseTo(43782 * 0.00341802 + 149.0, 9);
    expect(dnToPhysical('lwir11', 43782)!).toBeGreaterThan(298);
    expect(dnToPhysical('lwir11', 43782)!).toBeLessThan(299);
  });

  it('maps fill DN 0 and missing values to null', () => {
    expect(dnToPhysical('red', 0)).toBeNull();
    expect(dnToPhysical('lwir11', 0)).toBeNull();
    expect(dnToPhysical('red', null)).toBeNull();
  });

  it('leaves QA_PIXEL bit fields as DNs', () => {
    expect(unitForAsset('qa_pixel')).toBe('dn');
    expect(dnToPhysical('qa_pixel', 21824)).toBe(21824);
  });
});
