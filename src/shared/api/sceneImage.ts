import { boxQuerySchema, point3x3QuerySchema } from '../apiQuery.js';
import { mediaAnswer } from './common.js';

/** GET /api/landsat3x3: the point, its seed box, dates, cloud limit and bands. */
export const landsat3x3QuerySchema = point3x3QuerySchema;
/** GET /api/landsatImage: the seed box, dates, cloud limit, bands and mask. */
export const landsatImageQuerySchema = boxQuerySchema;

/** The headers every image answer carries (sendScenePng.ts). */
export const IMAGE_HEADERS =
  'Headers: x-scene-id, x-scene-datetime, x-satellite, x-sensor, x-bands (R,G,B), x-stretch (in words), x-synthetic';

export const landsat3x3Answer = mediaAnswer('image/png', `PNG of the 3 x 3 pixels, fixed display range. ${IMAGE_HEADERS}, x-image-bounds (minLon,minLat,maxLon,maxLat)`);
export const landsatImageAnswer = mediaAnswer('image/png', `PNG of the box, contrast-stretched. ${IMAGE_HEADERS}, x-image-bounds (minLon,minLat,maxLon,maxLat)`);
