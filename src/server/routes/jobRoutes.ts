import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSitesReader } from '../../core/sites/readSites.js';
import { sitesCsvHeaderLine } from '../../core/sites/sitesCsv.js';
import type { BandId } from '../../core/bands/bandCatalog.js';
import { apiErrorSchema, JOBS_BODY_LIMIT_BYTES, MAX_SITES_PER_JOB, readSitesRequest, sitesQuerySchema } from '../../shared/api/sites.js';
import { JOB_ID_PATTERN, jobCreatedSchema, jobParamsSchema, jobResultCsvSchema, jobStateSchema, jobsBodySchema, type JobState } from '../../shared/api/jobs.js';
import { toCsv } from '../../shared/csv.js';
import { CHANGE_JOB_COLUMNS, changeJobKind } from '../jobs/changeJobWork.js';
import { ApiError } from '../apiError.js';
import { openStore } from '../store/openStore.js';
import { openSitesJobStore, type JobRecord } from '../jobs/sitesJobStore.js';
import { sitesJobKind } from '../jobs/sitesJobWork.js';
import { createJobWork } from '../jobs/jobWork.js';
import { areaJobKind } from '../jobs/areaJobWork.js';
import { AREA_CSV_HEADER, AreaTooLargeError, areaPolygons } from '../../core/area/areaStatistics.js';
import { areaJobBodySchema, areaRefusalSchema, type AreaBody } from '../../shared/api/area.js';
import { maskToText } from '../../core/raster/clearPixel.js';
import { createEmbeddedJobQueue, createPgBossJobQueue } from '../jobs/sitesJobQueue.js';
import { sendSitesProblem } from './sitesRoutes.js';

const DAY_MS = 86_400_000;
const RESULT_PAGE_ROWS = 5000;
const CHANGE_SEARCH_LIMIT = 20_000;
/** A change job's default range: the first Landsat 4 TM Level-2 scenes to today (UTC). */
const CHANGE_FIRST_DATE = '1982-08-22';

/** POST/GET/DELETE /api/jobs (issue 24): site batches of up to 100,000 sites, run in the background. */
export default async function jobRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, cache, upstream, config, landsat } = app.ctx;
  let sql: Awaited<ReturnType<typeof openStore>>;
  let store: Awaited<ReturnType<typeof openSitesJobStore>>;
  try {
    sql = await openStore({ databaseUrl: config.DATABASE_URL, databasePath: config.DATABASE_PATH });
    store = await openSitesJobStore(sql);
  } catch (err) {
    // A damaged or unreachable store must not stop the server (the data calls keep serving, as the
    // notification calls do): the job calls answer 503 with the store's own words instead.
    const reason = err instanceof Error ? err.message : String(err);
    app.log.error({ err }, 'site jobs unavailable: their store could not be opened');
    const unavailable = async () => {
      throw new ApiError(503, 'jobs_unavailable', `Site jobs are unavailable: their store could not be opened (${reason}). Batches of up to 1,000 sites still run through POST /api/sites.`);
    };
    for (const [method, url] of [['POST', '/api/jobs'], ['GET', '/api/jobs/:id'], ['GET', '/api/jobs/:id/result.csv'], ['DELETE', '/api/jobs/:id']] as const) {
      app.route({ method, url, handler: unavailable });
    }
    return;
  }
  const reader = createSitesReader({ catalog, cache, openSource: upstream.openSource, searchLimit: config.MAX_SCENES_STREAM });
  // Change jobs read each site's whole record: a search may return up to 20,000 scenes (the stream's ceiling).
  const changeReader = createSitesReader({ catalog, cache, openSource: upstream.openSource, searchLimit: Math.max(config.MAX_SCENES_STREAM, CHANGE_SEARCH_LIMIT) });
  // Area jobs (issue 33) share the store and the queue: their chunks are scenes (areaJobWork.ts).
  const kinds = {
    sites: sitesJobKind(store, reader, config.JOB_CHUNK_SITES),
    change: changeJobKind(store, changeReader, config.JOB_CHUNK_SITES),
    area: areaJobKind(landsat, config.MAX_SCENES_STREAM),
  };
  const work = createJobWork(store, (job) => kinds[job.params.analysis ?? 'sites']);
  const queue = config.DATABASE_URL
    ? await createPgBossJobQueue(config.DATABASE_URL, store, work, app.log, { chunkTimeoutSeconds: config.JOB_CHUNK_TIMEOUT_SECONDS })
    : createEmbeddedJobQueue(store, work, app.log);
  const retentionMs = config.JOB_RETENTION_DAYS * DAY_MS;
  const sweep = () =>
    store.deleteOlderThan(new Date(Date.now() - retentionMs)).catch((err: unknown) => app.log.error({ err }, 'deleting old site jobs failed'));
  void sweep();
  const sweeper = setInterval(sweep, 3_600_000);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await queue.close();
    await sql.close();
  });
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: JOBS_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));

  const stateOf = (job: JobRecord): JobState => ({
    id: job.id,
    status: job.status,
    done: job.done,
    total: job.total,
    ...(job.error ? { error: job.error } : {}),
    ...(job.params.analysis ? { analysis: job.params.analysis } : {}),
    expiresAt: new Date(Date.parse(job.createdAt) + retentionMs).toISOString(),
  });
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({
      error: { code: 'job_not_found', message: `No job with this id: it never existed, or it was deleted ${config.JOB_RETENTION_DAYS} days after it was submitted.` },
    });
  // A job past its retention is gone even before the hourly sweep deletes it.
  const findJob = async (id: string) => {
    const job = JOB_ID_PATTERN.test(id) ? await store.get(id) : undefined;
    return job && Date.parse(job.createdAt) + retentionMs > Date.now() ? job : undefined;
  };

  api.post(
    '/api/jobs',
    {
      bodyLimit: JOBS_BODY_LIMIT_BYTES,
      schema: {
        summary: `Starts a job for up to ${MAX_SITES_PER_JOB} sites (same bodies as POST /api/sites; "analysis":"change" for change detection per site); answers 202 {"id","status"}`,
        tags: ['sites'],
        querystring: sitesQuerySchema,
        body: z.union([areaJobBodySchema, jobsBodySchema]),
        response: { 202: jobCreatedSchema, 400: apiErrorSchema, 413: z.union([areaRefusalSchema, apiErrorSchema]) },
      },
    },
    async (req, reply) => {
      if (typeof req.body === 'object' && 'geometry' in req.body) return submitArea(reply, req.body as AreaBody);
      const isCsv = typeof req.body === 'string';
      const raw = (isCsv ? req.query : req.body) as Record<string, unknown>;
      const analysis = raw.analysis === undefined || raw.analysis === '' ? 'sites' : String(raw.analysis);
      if (analysis !== 'sites' && analysis !== 'change') {
        return reply.status(400).send({ error: { code: 'bad_request', message: `analysis must be "change" (change detection per site) or "sites"/left out (the sites CSV), got "${analysis.slice(0, 40)}"` } });
      }
      // A change job reads the whole record unless told otherwise; its bands are the ones CCDC uses.
      const withDefaults = analysis === 'change' ? { ...raw, startDate: raw.startDate ?? CHANGE_FIRST_DATE, endDate: raw.endDate ?? new Date().toISOString().slice(0, 10), bands: 'B02,B03,B04,B05,B06,B07,B09' } : raw;
      const parsed = readSitesRequest(isCsv ? req.body : withDefaults, isCsv ? withDefaults : req.query, MAX_SITES_PER_JOB, (count) => ({
        statusCode: 413,
        code: 'too_many_sites',
        message: `${count} sites is more than the ${MAX_SITES_PER_JOB} one job reads: split the file into jobs of at most ${MAX_SITES_PER_JOB} sites.`,
      }));
      if (!parsed.ok) return sendSitesProblem(reply, parsed.problem);
      const { sites, params } = parsed;
      const id = randomBytes(16).toString('base64url');
      await store.create(id, { startDate: params.startDate, endDate: params.endDate, cloudCoverage: params.cloudCoverage, bands: params.bands, maskText: params.maskText, ...(params.harmonize ? { harmonize: params.harmonize } : {}), ...(analysis === 'change' ? { analysis } : {}) }, sites);
      await queue.submit(id);
      return reply.status(202).header('location', `/api/jobs/${id}`).send({ id, status: 'queued' as const });
    },
  );

  /** An area job: the body of POST /api/area; checked (400, 413 past AREA_JOB_MAX_KM2) before it is stored. */
  async function submitArea(reply: FastifyReply, body: AreaBody) {
    try {
      areaPolygons(body.geometry, body, { job: true });
    } catch (err) {
      if (err instanceof AreaTooLargeError) return reply.status(413).send({ error: { code: err.code, message: err.message } });
      throw err;
    }
    const id = randomBytes(16).toString('base64url');
    const params = {
      analysis: 'area' as const,
      geometry: body.geometry,
      startDate: body.startDate,
      endDate: body.endDate,
      cloudCoverage: body.cloudCoverage,
      bands: body.bands,
      ...(body.mask ? { maskText: maskToText(body.mask) } : {}),
      ...(body.harmonize ? { harmonize: body.harmonize } : {}),
    };
    await store.create(id, params, []);
    await queue.submit(id);
    return reply.status(202).header('location', `/api/jobs/${id}`).send({ id, status: 'queued' as const });
  }

  api.get(
    '/api/jobs/:id',
    { schema: { summary: 'A site job: status, rows done of total', tags: ['sites'], params: jobParamsSchema, response: { 200: jobStateSchema, 404: apiErrorSchema } } },
    async (req, reply) => {
      const job = await findJob(req.params.id);
      if (!job) return notFound(reply);
      return reply.header('cache-control', 'no-store').send(stateOf(job));
    },
  );

  api.get(
    '/api/jobs/:id/result.csv',
    { schema: { summary: "A finished site job's CSV (the columns of POST /api/sites; a change job's: one row per site and segment)", tags: ['sites'], params: jobParamsSchema, response: { 200: jobResultCsvSchema, 404: apiErrorSchema, 409: apiErrorSchema } } },
    async (req, reply) => {
      const job = await findJob(req.params.id);
      if (!job) return notFound(reply);
      if (job.status !== 'done') {
        const why =
          job.status === 'failed' ? `the job failed: ${job.error ?? 'no reason recorded'}` : job.status === 'cancelled' ? 'the job was cancelled' : `the job is ${job.status} (${job.done} of ${job.total} rows); try again when its status is done`;
        return reply.status(409).send({ error: { code: 'job_not_done', message: `No result yet: ${why}.` } });
      }
      const bands = job.params.bands as BandId[];
      const analysis = job.params.analysis;
      async function* lines() {
        yield analysis === 'change' ? toCsv([CHANGE_JOB_COLUMNS]) : analysis === 'area' ? toCsv([[...AREA_CSV_HEADER]]) : sitesCsvHeaderLine(bands);
        let after: { siteIndex: number; sortDatetime: string; sceneKey: string } | null = null;
        for (;;) {
          const page = await store.rowsAfter(job!.id, after, RESULT_PAGE_ROWS);
          if (page.length === 0) return;
          yield page.map((r) => r.line).join('');
          after = page[page.length - 1];
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${analysis ?? 'sites'}-${job.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()) as never);
    },
  );

  api.delete(
    '/api/jobs/:id',
    { schema: { summary: 'Cancels a site job (a finished one stays as it is)', tags: ['sites'], params: jobParamsSchema, response: { 200: jobStateSchema, 404: apiErrorSchema } } },
    async (req, reply) => {
      const job = await findJob(req.params.id);
      if (!job) return notFound(reply);
      if (await store.cancel(job.id)) queue.cancelled(job.id);
      return stateOf((await store.get(job.id)) ?? job);
    },
  );
}
