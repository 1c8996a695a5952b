import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { predictOverpasses } from '../../core/overpass/overpass.js';
import { overpassCalendar } from '../../core/overpass/overpassCalendar.js';
import { pageLink } from '../notifications/emailTemplates.js';
import { overpassCalendarAnswer, overpassQuerySchema } from '../../shared/api/overpasses.js';
import { publicBaseUrl } from './publicBaseUrl.js';

export default async function overpassCalendarRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/overpasses.ics',
    {
      schema: {
        summary: 'The predicted Landsat 8 and 9 passes over a point as an iCalendar feed (RFC 5545), one event per pass, each linking to the page at that point and day',
        querystring: overpassQuerySchema,
        response: { 200: overpassCalendarAnswer },
      },
    },
    async (req, reply) => {
      const { lat, lon } = req.query;
      const from = new Date(`${req.query.from ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      // Links open this server's page: PUBLIC_URL when set (as in emails), else the address the calendar asked (checked).
      const { url: publicUrl, fromRequest } = publicBaseUrl(req, config.PUBLIC_URL);
      const body = overpassCalendar(predictOverpasses([lon, lat], from, req.query.days ?? 32), {
        lngLat: [lon, lat],
        pageLink: (pass) => pageLink(publicUrl, { lat, lon, date: pass.datetime.slice(0, 10), cloud: 100 }),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="landsat-passes-${lat.toFixed(4)}_${lon.toFixed(4)}.ics"`)
        // Links built from the request's Host must not be served by a shared cache to someone else.
        .header('cache-control', fromRequest ? 'private, max-age=3600' : 'public, max-age=3600')
        .send(body);
    },
  );
}
