/**
 * The seed page's band catalogue (ids and labels B01..B10) mapped onto Landsat Collection 2
 * Level-2 assets. Level-2 products carry surface reflectance for OLI bands 1-7 and surface
 * temperature from TIRS band 10 only; the panchromatic band (OLI 8) and TIRS band 11 exist only
 * in Level-1 products, so they are reported as unavailable instead of being invented.
 * https://www.usgs.gov/landsat-missions/landsat-collection-2-level-2-science-products
 */
export const BAND_IDS = ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B08', 'B09', 'B10'] as const;
export type BandId = (typeof BAND_IDS)[number];

export const DEFAULT_BAND_IDS: BandId[] = ['B01', 'B02', 'B03', 'B04', 'B05'];

/** STAC asset keys of the Planetary Computer `landsat-c2-l2` items of Landsat 8/9 (OLI/TIRS). */
export type AssetKey = 'coastal' | 'blue' | 'green' | 'red' | 'nir08' | 'swir16' | 'swir22' | 'lwir11' | 'qa_pixel';

/**
 * Every asset key a scene of any mission may carry: TM and ETM+ (Landsat 4, 5, 7) publish their band 6
 * surface temperature as `lwir`, where TIRS band 10's is `lwir11`; they have no `coastal`.
 */
export type ArchiveAssetKey = AssetKey | 'lwir';

export type BandUnit = 'reflectance' | 'kelvin';

export interface BandInfo {
  id: BandId;
  label: string;
  description: string;
  /** The real Landsat 8/9 band this id stands for. */
  landsatBand: string;
  /** Centre wavelength in micrometres. */
  centerWavelengthUm: number;
  /** Level-2 asset key, or null when the band is not in Level-2 products. */
  asset: Exclude<AssetKey, 'qa_pixel'> | null;
  unit: BandUnit | null;
  /** Why the band cannot be served, when `asset` is null. */
  unavailableReason?: string;
}

const LEVEL1_ONLY = 'exists only in Landsat Collection 2 Level-1 products; the Level-2 surface reflectance archive does not carry it';

export const BAND_CATALOG: Record<BandId, BandInfo> = {
  B01: { id: 'B01', label: 'Coastal/Aerosol', landsatBand: 'OLI Band 1', centerWavelengthUm: 0.443, asset: 'coastal', unit: 'reflectance',
    description: 'OLI Band 1, 0.43–0.45 µm: coastal water penetration and aerosol detection.' },
  B02: { id: 'B02', label: 'Blue Band', landsatBand: 'OLI Band 2', centerWavelengthUm: 0.482, asset: 'blue', unit: 'reflectance',
    description: 'OLI Band 2, 0.45–0.51 µm: bathymetric mapping, soil versus vegetation, deciduous versus coniferous.' },
  B03: { id: 'B03', label: 'Green Band', landsatBand: 'OLI Band 3', centerWavelengthUm: 0.561, asset: 'green', unit: 'reflectance',
    description: 'OLI Band 3, 0.52–0.60 µm: peak vegetation reflectance, plant vigour.' },
  B04: { id: 'B04', label: 'Red Band', landsatBand: 'OLI Band 4', centerWavelengthUm: 0.655, asset: 'red', unit: 'reflectance',
    description: 'OLI Band 4, 0.63–0.68 µm: chlorophyll absorption, vegetation slopes.' },
  B05: { id: 'B05', label: 'Near-Infrared (NIR)', landsatBand: 'OLI Band 5', centerWavelengthUm: 0.865, asset: 'nir08', unit: 'reflectance',
    description: 'OLI Band 5, 0.85–0.88 µm: biomass content and shorelines; water is dark here.' },
  B06: { id: 'B06', label: 'Shortwave Infrared 1', landsatBand: 'OLI Band 6', centerWavelengthUm: 1.609, asset: 'swir16', unit: 'reflectance',
    description: 'OLI Band 6, 1.57–1.65 µm: soil and vegetation moisture; penetrates thin cloud.' },
  B07: { id: 'B07', label: 'Shortwave Infrared 2', landsatBand: 'OLI Band 7', centerWavelengthUm: 2.201, asset: 'swir22', unit: 'reflectance',
    description: 'OLI Band 7, 2.11–2.29 µm: moisture of soil and vegetation, geology.' },
  B08: { id: 'B08', label: 'Panchromatic', landsatBand: 'OLI Band 8', centerWavelengthUm: 0.59, asset: null, unit: null,
    description: 'OLI Band 8, 0.50–0.68 µm, 15 m: sharper image definition. Level-1 only.', unavailableReason: `Panchromatic (OLI Band 8) ${LEVEL1_ONLY}` },
  B09: { id: 'B09', label: 'Thermal Infrared 1', landsatBand: 'TIRS Band 10', centerWavelengthUm: 10.895, asset: 'lwir11', unit: 'kelvin',
    description: 'TIRS Band 10, 10.6–11.19 µm: surface temperature in kelvin (Level-2 ST product).' },
  B10: { id: 'B10', label: 'Thermal Infrared 2', landsatBand: 'TIRS Band 11', centerWavelengthUm: 12.005, asset: null, unit: null,
    description: 'TIRS Band 11, 11.50–12.51 µm: thermal mapping. Level-1 only.', unavailableReason: `Thermal Infrared 2 (TIRS Band 11) ${LEVEL1_ONLY}` },
};

export function isBandId(value: string): value is BandId {
  return (BAND_IDS as readonly string[]).includes(value);
}
