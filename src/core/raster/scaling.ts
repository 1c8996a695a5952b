/**
 * Landsat Collection 2 Level-2 scale factors, the same for TM, ETM+ and OLI/TIRS (USGS C2 L2 Science Product
 * Guides, LSDS-1618 for Landsat 4-7 and LSDS-1619 for Landsat 8-9):
 * surface reflectance = DN x 0.0000275 - 0.2, surface temperature (K) = DN x 0.00341802 + 149.0.
 * DN 0 is the fill value. https://www.usgs.gov/faqs/how-do-i-use-scale-factor-landsat-level-2-science-products
 */
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';

export const REFLECTANCE_SCALE = 0.0000275;
export const REFLECTANCE_OFFSET = -0.2;
export const KELVIN_SCALE = 0.00341802;
export const KELVIN_OFFSET = 149.0;
export const FILL_DN = 0;

export type PhysicalUnit = 'reflectance' | 'kelvin' | 'dn';

export function unitForAsset(asset: ArchiveAssetKey): PhysicalUnit {
  if (asset === 'lwir11' || asset === 'lwir') return 'kelvin';
  if (asset === 'qa_pixel') return 'dn';
  return 'reflectance';
}

export function dnToReflectance(dn: number): number | null {
  return dn === FILL_DN ? null : dn * REFLECTANCE_SCALE + REFLECTANCE_OFFSET;
}

export function dnToKelvin(dn: number): number | null {
  return dn === FILL_DN ? null : dn * KELVIN_SCALE + KELVIN_OFFSET;
}

/** Physical value of a DN: reflectance for SR bands, kelvin for lwir11/lwir, the DN itself for qa_pixel; null for fill. */
export function dnToPhysical(asset: ArchiveAssetKey, dn: number | null): number | null {
  if (dn === null) return null;
  switch (unitForAsset(asset)) {
    case 'kelvin':
      return dnToKelvin(dn);
    case 'reflectance':
      return dnToReflectance(dn);
    default:
      // QA_PIXEL is a bit field; its fill is flagged in bit 0, not by DN 0 (DN 1 = fill).
      return dn;
  }
}
