import { z } from 'zod';
import { boxDataQuerySchema } from '../apiQuery.js';
import { bandStatisticsSchema, mediaAnswer, openObject, sceneSummarySchema, seriesAnswerShape } from './common.js';

/** GET /api/landsatData and /api/landsatData/stream: the seed's box, dates, cloud limit and bands (plus mask, harmonize). */
export const landsatDataQuerySchema = boxDataQuerySchema;

export const landsatDataEntrySchema = openObject({
  interval: openObject({ from: z.string(), to: z.string() }).describe('The acquisition day as an ISO interval'),
  scene: sceneSummarySchema,
  outputs: openObject({ data: openObject({ bands: z.record(z.string(), openObject({ stats: bandStatisticsSchema })) }) }),
  grid: openObject({
      pixelSizeM: z.number().describe('Ground size of one pixel the means come from, metres'),
      width: z.number(),
      height: z.number(),
      overviewLevel: z.number().describe('0 = full resolution, n = the n-th internal overview'),
      maxSide: z
        .number()
        .optional()
        .describe('The most pixels a side this request read each scene on: 256 for a series of up to 48 scenes, 256 x sqrt(48 / scenes) for a longer one, at least 64 (a pixel budget per request)'),
    })
    .optional()
    .describe('Extension: the grid the statistics were read on (an overview of the COG for a large box)'),
  missingBands: z.record(z.string(), z.string()).optional().describe("Extension: chosen bands this scene's archive entry has no file for, with the reason"),
});
export type LandsatDataEntry = z.infer<typeof landsatDataEntrySchema>;

export const landsatDataResponseSchema = openObject({
  data: z.array(landsatDataEntrySchema).describe('One entry per qualifying scene, oldest first'),
  ...seriesAnswerShape,
  sceneFilter: openObject({ wrsPath: z.number(), wrsRow: z.number(), excludedScenes: z.number() })
    .optional()
    .describe('Extension, only for a scene box: the path/row kept and how many scenes of neighbouring path/rows touching the box in the dates (any cloud cover) were left out'),
});
export type LandsatDataResponse = z.infer<typeof landsatDataResponseSchema>;

export const landsatDataStreamAnswer = mediaAnswer(
  'application/x-ndjson',
  'NDJSON lines: {"type":"progress","done","total"}, {"type":"item","item":entry} per finished scene, then {"type":"result","result":<the landsatData answer>} or {"type":"error","error":{"code","message"}}',
);

/** A landsatData answer as the page holds it while the stream runs: the entries so far, the other keys once the result line arrived. */
export type LandsatDataSoFar = Pick<LandsatDataResponse, 'data'> & Partial<LandsatDataResponse>;
