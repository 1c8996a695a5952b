import { isSlcOff, parseLandsatPlatform } from '../../core/bands/missions.js';
import { satelliteName as platformName } from '../../shared/satelliteName.js';

/** A satellite as the page writes it, one way everywhere: "Landsat 4" (never "landsat-4" or "LANDSAT_4"). */
export function satelliteName(satellite: string | null | undefined): string {
  if (!satellite) return 'unknown';
  return platformName(parseLandsatPlatform(satellite) ?? satellite);
}

/** True for a Landsat 7 scene taken after its scan line corrector failed (2003-05-31): its image has gap stripes. */
export function sceneIsSlcOff(scene: { satellite?: string | null; datetime?: string | null }): boolean {
  const platform = parseLandsatPlatform(scene.satellite);
  return platform !== null && typeof scene.datetime === 'string' && isSlcOff(platform, scene.datetime);
}

/** "Landsat 7 (SLC-off)" for such a scene, else the satellite's name. */
export function satelliteWithSlc(scene: { satellite?: string | null; datetime?: string | null }): string {
  return `${satelliteName(scene.satellite)}${sceneIsSlcOff(scene) ? ' (SLC-off)' : ''}`;
}

/** What SLC-off means, for legends and notes. */
export const SLC_OFF_WORDS = 'SLC-off: Landsat 7 after its scan line corrector failed on 2003-05-31; its scenes miss wedge-shaped stripes, so fewer pixels stand behind a value';
