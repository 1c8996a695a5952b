import { z } from 'zod';

/**
 * The lines of the NDJSON answers (`/api/landsatData/stream`, `/api/pixel/stream`, `/api/area/stream`,
 * `/api/sites` with Accept: application/x-ndjson): the server writes them, the page reads each one
 * with these schemas, so a line of another shape is a clear error rather than a wrong picture.
 */
export const progressLineSchema = z.object({
  type: z.literal('progress'),
  done: z.number().describe('Scenes (or sites) finished'),
  total: z.number().nullable().describe('How many there are; null until the server knows'),
  searched: z
    .object({ checked: z.number(), candidates: z.number() })
    .optional()
    .describe('Extension, while total is null: the search so far, the candidate scenes whose cloud cover has been checked (a catalogue that computes it, as the demo archive does below 100 %)'),
});

/** A job that failed after the 200 status went out: the status the plain call would have answered. */
export const errorLineSchema = z.object({
  type: z.literal('error'),
  error: z.object({ code: z.string(), message: z.string() }).passthrough(),
  status: z.number().optional(),
});

/**
 * A progress stream's line: progress lines, optional item lines (one finished scene each), then one
 * result or error line. The item and the result are read with the call's own schemas (landsatData,
 * pixel, area) once the line's kind is known.
 */
export const progressStreamLineSchema = z.discriminatedUnion('type', [
  progressLineSchema,
  errorLineSchema,
  z.object({ type: z.literal('item'), item: z.unknown() }),
  z.object({ type: z.literal('result'), result: z.unknown() }),
]);

/** What the server may write on a progress stream. */
export type ProgressStreamLine = z.input<typeof progressStreamLineSchema>;
