import type { LngLat } from '../geo/lngLat.js';
import type { NotImagedReason } from '../../shared/notImaged.js';
import { imagingAtPoint } from './landPathRows.js';

/**
 * Why Landsat never images the point, or null when it does: no daytime WRS-2 tile holds it (beyond
 * the row limits), or none of the tiles holding it has land or coast (open ocean; Landsat acquires
 * those only). The one decision behind the empty-answer explanation, the passes and the notifications.
 */
export function notImagedReason(lngLat: LngLat): NotImagedReason | null {
  const imaging = imagingAtPoint(lngLat);
  if (imaging.tiles.length === 0) return 'beyond_row_limits';
  if (imaging.imagedTiles.length === 0) return 'open_ocean';
  return null;
}
