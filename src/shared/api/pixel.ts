import { z } from 'zod';
import { pixelQuerySchema as pixelQuery } from '../apiQuery.js';
import { mediaAnswer, openObject, sceneSummarySchema, seriesAnswerShape } from './common.js';

/** GET /api/pixel and /api/pixel/stream: a point, dates, cloud limit, bands, mask, `latest`. */
export const pixelQuerySchema = pixelQuery;

const grid3x3 = <T extends z.ZodType>(cell: T) => z.array(z.array(cell)).describe('3 x 3, rows north to south');
const confidence = z.enum(['none', 'low', 'medium', 'high']);

const qaFlagsSchema = openObject({
  fill: z.boolean(),
  dilatedCloud: z.boolean(),
  cirrus: z.boolean(),
  cloud: z.boolean(),
  cloudShadow: z.boolean(),
  snow: z.boolean(),
  clear: z.boolean(),
  water: z.boolean(),
  cloudConfidence: confidence,
  cloudShadowConfidence: confidence,
  snowIceConfidence: confidence,
  cirrusConfidence: confidence,
});

export const pixelBandSchema = openObject({
  unit: z.enum(['reflectance', 'kelvin']),
  values: grid3x3(z.number().nullable()).describe('Physical values (reflectance or kelvin), rows north to south; null is fill'),
  dn: grid3x3(z.number().nullable()),
  name: z.string().describe('The sensor\'s own name of the band, e.g. "TM band 3, red"'),
  fileBand: z.string().describe('The Level-2 file band, e.g. SR_B3'),
});

const polygonSchema = openObject({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) });

export const pixelSceneSchema = sceneSummarySchema.extend({
  sunElevation: z.number().nullable(),
  sunAzimuth: z.number().nullable(),
  landCloudCover: z.number().nullable(),
  processingLevel: z.string().nullable(),
  collectionCategory: z.string().nullable(),
  crs: z.string(),
  pixel: openObject({ col: z.number(), row: z.number() }),
  bands: z.record(z.string(), pixelBandSchema),
  missingBands: z.record(z.string(), z.string()).optional(),
  qa: openObject({ values: grid3x3(z.number().nullable()), flags: grid3x3(qaFlagsSchema.nullable()) }),
  clear: grid3x3(z.boolean().nullable()).describe("Extension: each pixel clear under the request's mask; null where not imaged"),
  pixelFootprints: grid3x3(polygonSchema).describe("Extension: the nine pixels' outlines in WGS 84, [lon, lat]"),
  geometricRmseM: z.number().nullable().describe("Extension: the scene's geolocation accuracy, metres"),
  emptyReason: z.string().optional().describe('Why the target pixel is empty when QA_PIXEL marks it fill'),
});
export type PixelScene = z.infer<typeof pixelSceneSchema>;

export const pixelResponseSchema = openObject({
  target: openObject({ lat: z.number(), lon: z.number() }),
  scenes: z.array(pixelSceneSchema).describe('One per qualifying scene, oldest first (only the newest with latest=true)'),
  ...seriesAnswerShape,
});
export type PixelResponse = z.infer<typeof pixelResponseSchema>;

export const pixelStreamAnswer = mediaAnswer(
  'application/x-ndjson',
  'NDJSON lines: {"type":"progress","done","total"}, then {"type":"result","result":<the pixel answer>} or {"type":"error","error":{"code","message"}}',
);
