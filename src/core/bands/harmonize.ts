/**
 * Optional harmonisation of TM and ETM+ surface reflectance to OLI, so one time axis from 1982 on does
 * not step where the sensor changes: OLI ≈ slope × ρ + intercept, the reduced-major-axis (RMA)
 * coefficients of Roy, D.P. et al. (2016), "Characterization of Landsat-7 to Landsat-8 reflective
 * wavelength and normalized difference vegetation index continuity", Remote Sensing of Environment
 * 185, 57-70, Table 2 (ETM+ to OLI surface reflectance; applied to TM as well, as is common practice).
 * OLI values, temperatures and raw DNs are never changed.
 */
import type { BandId } from './bandCatalog.js';
import type { LandsatSensor } from './missions.js';

export const HARMONIZE_TARGETS = ['oli'] as const;
export type HarmonizeTarget = (typeof HARMONIZE_TARGETS)[number];

/** How a harmonised scene says what was done to it. */
export const HARMONIZED_METHOD = 'roy2016-rma';

export const ROY2016_RMA: Partial<Record<BandId, { slope: number; intercept: number }>> = {
  B02: { slope: 0.9785, intercept: -0.0095 },
  B03: { slope: 0.9542, intercept: -0.0016 },
  B04: { slope: 0.9825, intercept: -0.0022 },
  B05: { slope: 1.0073, intercept: -0.0021 },
  B06: { slope: 1.0171, intercept: -0.003 },
  B07: { slope: 0.9949, intercept: 0.0029 },
};

/** True when harmonising to `target` changes a scene of this sensor (TM and ETM+ to OLI). */
export function harmonizes(sensor: LandsatSensor, target: HarmonizeTarget | undefined): boolean {
  return target === 'oli' && (sensor === 'TM' || sensor === 'ETM+');
}

/**
 * The reflectance transform for one band of one sensor, or null when the value stays as it is
 * (OLI scenes, temperature, no harmonisation asked for).
 */
export function reflectanceHarmonizer(id: BandId, sensor: LandsatSensor, target: HarmonizeTarget | undefined): ((reflectance: number) => number) | null {
  if (!harmonizes(sensor, target)) return null;
  const c = ROY2016_RMA[id];
  return c ? (reflectance) => c.slope * reflectance + c.intercept : null;
}
