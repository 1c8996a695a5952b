/**
 * What one scene's sensor makes of the chosen bands: the file each is read from, its own name, the
 * bands it lacks and why, and whether reflectance is harmonised to OLI. One place, so the pixel and
 * statistics answers, the images and the comparison agree on every mission (Landsat 4 to 9).
 */
import type { BandInfo, BandUnit } from '../bands/bandCatalog.js';
import type { BandSelection } from './bandSelection.js';
import { HARMONIZED_METHOD, reflectanceHarmonizer, type HarmonizeTarget } from '../bands/harmonize.js';
import { isSlcOff, sensorOf, type LandsatSensor } from '../bands/missions.js';
import { sensorBand, type SensorBand } from '../bands/sensorBands.js';
import { dnToPhysical } from '../raster/scaling.js';
import type { LandsatScene } from '../stac/landsatScene.js';

type ChosenBand = Omit<BandInfo, 'asset'>;

export interface SceneBand {
  info: ChosenBand;
  unit: BandUnit;
  read: SensorBand;
  /** DN to physical value, harmonised when asked: null for fill. */
  physical: (dn: number) => number | null;
}

export interface SceneBands {
  sensor: LandsatSensor;
  present: SceneBand[];
  /** Chosen bands this scene cannot give, with the reason (absent when none). */
  missing?: Record<string, string>;
  /** Set when any reflectance was harmonised. */
  harmonized?: typeof HARMONIZED_METHOD;
}

export function sceneBands(scene: LandsatScene, chosen: readonly ChosenBand[], harmonize?: HarmonizeTarget): SceneBands {
  const sensor = sensorOf(scene.satellite);
  const present: SceneBand[] = [];
  const missing: Record<string, string> = {};
  let harmonized = false;
  for (const info of chosen) {
    const read = sensorBand(info.id, sensor);
    if (!('asset' in read)) {
      missing[info.id] = `Scene ${scene.id}: ${read.missing}`;
      continue;
    }
    if (!scene.assets[read.asset]) {
      // Real archives leave assets out: the Planetary Computer's L2SR items carry no surface temperature.
      const why = scene.processingLevel === 'L2SR' && info.unit === 'kelvin' ? 'L2SR products hold surface reflectance only, no surface temperature' : 'the archive lists no file for it';
      missing[info.id] = `Scene ${scene.id} has no ${info.label} (${read.asset}): ${why}.`;
      continue;
    }
    const harmonizer = reflectanceHarmonizer(info.id, sensor, harmonize);
    if (harmonizer) harmonized = true;
    const physical = harmonizer
      ? (dn: number) => {
          const v = dnToPhysical(read.asset, dn);
          return v === null ? null : harmonizer(v);
        }
      : (dn: number) => dnToPhysical(read.asset, dn);
    present.push({ info, unit: info.unit!, read, physical });
  }
  return {
    sensor,
    present,
    ...(Object.keys(missing).length > 0 ? { missing } : {}),
    ...(harmonized ? { harmonized: HARMONIZED_METHOD } : {}),
  };
}

/**
 * Why the target pixel holds no value, when QA_PIXEL marks it fill: on Landsat 7 after the scan line
 * corrector failed (2003-05-31) most fill inside the footprint is the scan-line gaps; otherwise fill is
 * outside the imaged area. Fill is never cloud.
 */
export function emptyReason(scene: LandsatScene, targetIsFill: boolean): string | undefined {
  if (!targetIsFill) return undefined;
  if (isSlcOff(scene.satellite, scene.datetime)) {
    return 'Landsat 7 scan-line gap: since the scan line corrector failed on 2003-05-31, ETM+ scenes leave wedge-shaped stripes unimaged; this pixel is fill, not cloud.';
  }
  return 'Fill: the scene did not image this pixel (outside its imaged area); not cloud.';
}

/** The chosen bands as this scene's sensor reads them (its asset keys), leaving out those it lacks (B01 on TM/ETM+). */
export function onSensor(bands: BandSelection['available'], scene: LandsatScene): BandSelection['available'] {
  const sensor = sensorOf(scene.satellite);
  return bands.flatMap((band) => {
    const read = sensorBand(band.id, sensor);
    return 'asset' in read && scene.assets[read.asset] ? [{ ...band, asset: read.asset }] : [];
  });
}
