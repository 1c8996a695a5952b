import { BAND_CATALOG, isBandId } from '../../core/bands/bandCatalog.js';
import type { PixelResponse } from '../../shared/api/pixel.js';

export interface SignaturePoint {
  /** Band centre wavelength, micrometres. */
  x: number;
  /** Target pixel surface reflectance (unitless). */
  y: number;
  band: string;
}

export interface SignatureDataset {
  sceneId: string;
  label: string;
  data: SignaturePoint[];
}

/** Row and column of the target pixel inside the server's 3 x 3 grid (it is centred on it). */
export const TARGET_INDEX = 1;

/** "2024-05-01 15:50 UTC · landsat-8": short enough for a legend, exact enough to match a field log. */
export function sceneLabel(scene: { datetime: string; satellite: string }): string {
  const d = new Date(scene.datetime);
  const when = Number.isNaN(d.getTime()) ? scene.datetime : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `${when} · ${scene.satellite}`;
}

/**
 * One line per scene of the target pixel's reflectance against band centre wavelength, sorted by
 * wavelength. Only reflectance bands: a kelvin value on the same axis would be meaningless. Fill
 * (null) is left out rather than drawn as zero. `sceneIds` limits and orders the scenes (picker).
 */
export function spectralSignatureDatasets(response: Pick<PixelResponse, 'scenes'>, sceneIds?: readonly string[]): SignatureDataset[] {
  const scenes = sceneIds ? sceneIds.map((id) => response.scenes.find((s) => s.id === id)).filter((s) => s !== undefined) : response.scenes;
  return scenes.map((scene) => {
    const data: SignaturePoint[] = [];
    for (const [bandId, band] of Object.entries(scene.bands)) {
      if (band.unit !== 'reflectance' || !isBandId(bandId)) continue;
      const y = band.values[TARGET_INDEX]?.[TARGET_INDEX];
      if (y === null || y === undefined) continue;
      data.push({ x: BAND_CATALOG[bandId].centerWavelengthUm, y, band: bandId });
    }
    data.sort((a, b) => a.x - b.x);
    return { sceneId: scene.id, label: sceneLabel(scene), data };
  });
}
