import { z } from 'zod';
import { bandsParam } from '../apiQuery.js';

import { mediaAnswer } from './common.js';
import { IMAGE_HEADERS } from './sceneImage.js';

export const quicklookAnswer = mediaAnswer('image/png', `PNG of the whole scene, long side at most 256 px. ${IMAGE_HEADERS}`);

/** GET /api/quicklook: one scene by id, with the bands to draw. */
export const quicklookQuerySchema = z.object({
  sceneId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{10,80}$/, 'sceneId must be a Landsat scene id such as LC08_L2SP_001070_20190114_20200830_02_T2')
    .describe('Scene id as /api/scenes, /api/pixel and /api/landsatData name it'),
  bands: bandsParam,
});
