import { linkCsvSources } from './csvSources.js';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSitesReader } from '../../core/sites/readSites.js';
import { siteRowObject, sitesCsvHeaderLine, sitesCsvLines } from '../../core/sites/sitesCsv.js';
import {
  apiErrorSchema,
  MAX_SITES_PER_JOB,
  MAX_SITES_PER_REQUEST,
  readSitesRequest,
  SITES_BODY_LIMIT_BYTES,
  sitesBodySchema,
  sitesCsvResponseSchema,
  type SitesStreamLine,
  sitesQuerySchema,
  type SitesRequestProblem,
} from '../../shared/api/sites.js';
import { requestSignal } from '../requestSignal.js';
import { toApiError } from '../toApiError.js';

/** Sends a refusal in the API's error shape, with the bad sites listed when there are some. */
export function sendSitesProblem(reply: FastifyReply, p: SitesRequestProblem): FastifyReply {
  const { statusCode, ...error } = p;
  return reply.status(statusCode).type('application/json').send({ error });
}

const tooManyForRequest = (count: number): SitesRequestProblem => ({
  statusCode: 413,
  code: 'too_many_sites',
  message: `${count} sites is more than the ${MAX_SITES_PER_REQUEST} one request reads. Send them to POST /api/jobs (same body, up to ${MAX_SITES_PER_JOB} sites): it answers at once with a job id, and GET /api/jobs/{id}/result.csv gives the CSV when it is done.`,
});

const wantsNdjson = (req: FastifyRequest) => /application\/x-ndjson/i.test(String(req.headers.accept ?? ''));

/** POST /api/sites (issue 24): many sites at once, one row per site and covering scene. */
export default async function sitesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, cache, upstream, config, heavyQueue } = app.ctx;
  const sitesReader = createSitesReader({ catalog, cache, openSource: upstream.openSource, searchLimit: config.MAX_SCENES_STREAM });
  // CSV bodies arrive as text; each route's bodyLimit caps them.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: 16 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  api.post(
    '/api/sites',
    {
      bodyLimit: SITES_BODY_LIMIT_BYTES,
      schema: {
        summary: `Landsat values at up to ${MAX_SITES_PER_REQUEST} sites: one row per site and covering scene (CSV, or NDJSON with progress)`,
        tags: ['sites'],
        querystring: sitesQuerySchema,
        body: sitesBodySchema,
        response: { 200: sitesCsvResponseSchema, 400: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const parsed = readSitesRequest(req.body, req.query, MAX_SITES_PER_REQUEST, tooManyForRequest);
      if (!parsed.ok) return sendSitesProblem(reply, parsed.problem);
      const { sites, params } = parsed;
      const query = { startDate: params.startDate, endDate: params.endDate, cloudCoverage: params.cloudCoverage, bands: params.bands, mask: params.mask, harmonize: params.harmonize };
      if (!wantsNdjson(req)) {
        const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
        const rows = await heavyQueue.run(() => sitesReader.readAll(sites, query, { signal }), signal);
        linkCsvSources(reply, catalog, config.PC_STAC_URL, rows.flatMap((r) => (r.scene ? [r.scene.id] : [])));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="sites.csv"')
          .header('cache-control', 'no-store')
          .send(sitesCsvHeaderLine(params.bands) + sitesCsvLines(rows, params.bands));
      }
      const signal = requestSignal(reply, config.STREAM_TIMEOUT_MS);
      const stream = new PassThrough();
      const write = (line: SitesStreamLine) => stream.write(`${JSON.stringify(line)}\n`);
      let lastSent = 0;
      write({ type: 'progress', done: 0, total: sites.length });
      heavyQueue
        .run(
          () =>
            sitesReader.readAll(sites, query, {
              signal,
              onProgress: (done, total) => {
                const now = Date.now();
                if (done === total || now - lastSent >= 100) {
                  lastSent = now;
                  write({ type: 'progress', done, total });
                }
              },
            }),
          signal,
        )
        .then((rows) => {
          for (const row of rows) write({ type: 'row', ...siteRowObject(row, params.bands) });
          write({ type: 'done' });
        })
        .catch((err) => {
          const { statusCode, code, message } = toApiError(err);
          req.log[statusCode >= 500 ? 'error' : 'info']({ err, statusCode, code }, 'sites stream failed');
          write({ type: 'error', error: { code, message }, status: statusCode });
        })
        .finally(() => stream.end());
      return reply.type('application/x-ndjson').header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(stream as never);
    },
  );
}
