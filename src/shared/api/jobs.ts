import { z } from 'zod';
import { mediaAnswer } from './common.js';
import { sitesJsonBodySchema } from './sites.js';

/** Job ids are 128 random bits in base64url (22 characters): the only key to a job's results. */
export const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const jobParamsSchema = z.object({ id: z.string().describe('The job id POST /api/jobs answered') });

export const jobStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

export const jobCreatedSchema = z.object({
  id: z.string().describe('Unguessable job id (128 random bits): keep it, it is the only key to the results'),
  status: jobStatusSchema,
});

export const jobStateSchema = z.object({
  id: z.string(),
  status: jobStatusSchema,
  done: z.number().describe('Rows written so far'),
  total: z.number().describe('Rows the CSV will hold (one per site and covering scene); the number of sites until the scenes are found'),
  error: z.string().optional().describe('Why the job failed'),
  analysis: z.enum(['sites', 'change', 'area']).optional().describe('Extension: what the job computes; for change jobs done and total count sites, for area jobs band rows (scenes x bands)'),
  expiresAt: z.string().describe('When the job and its results are deleted (JOB_RETENTION_DAYS after submission), ISO 8601 UTC'),
});
export type JobState = z.infer<typeof jobStateSchema>;

export const jobResultCsvSchema = mediaAnswer(
  'text/csv',
  'The same columns as POST /api/sites (attachment). A change job: site_id, lat, lon, segment, start_date, end_date, break_date, observation_count, change_probability, curve_qa, procedure, per band (B02-B07 reflectance, B09 kelvin) magnitude and rmse, note; one row per site and segment. An area job: the columns of POST /api/area.csv',
);

/** What a job computes: the sites CSV (default) or change detection per site (issue 34). */
// A string checked by the route, so that a wrong value is refused in words that name the right ones.
const jobAnalysisSchema = z
  .string()
  .optional()
  .describe('sites (default): the POST /api/sites rows; change: CCDC change detection per site over the whole record (1982-08-22 to today unless startDate/endDate say otherwise), one CSV row per site and segment');

/** POST /api/jobs: the POST /api/sites bodies, plus `analysis` (a CSV body carries it in the query string). */
export const jobsBodySchema = z.union([
  sitesJsonBodySchema.extend({ analysis: jobAnalysisSchema }),
  z.string().describe('text/csv: header row with lat/latitude, lon/lng/longitude and an optional id column; parameters (and analysis) in the query string'),
]);
