import { z } from 'zod';
import { mediaAnswer } from './common.js';

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
  expiresAt: z.string().describe('When the job and its results are deleted (JOB_RETENTION_DAYS after submission), ISO 8601 UTC'),
});
export type JobState = z.infer<typeof jobStateSchema>;

export const jobResultCsvSchema = mediaAnswer('text/csv', 'The same columns as POST /api/sites (attachment)');
