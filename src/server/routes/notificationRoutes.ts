import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, subscribeBody, subscribeReply, tokenQuery, viewReply } from '../../shared/api/notifications.js';
import { ApiError } from '../apiError.js';
import { escapeHtml } from '../escapeHtml.js';
import { notImagedReason } from '../../core/wrs2/notImagedReason.js';
import { NOT_IMAGED_WORDS } from '../../shared/notImaged.js';
import { satelliteName } from '../../shared/satelliteName.js';
import { formatLatLon } from '../notifications/emailTemplates.js';
import type { NotificationService, SubscriptionView } from '../notifications/notificationService.js';
import { SUBSCRIPTION_PAGE_STYLE } from '../notifications/subscriptionPageStyle.js';
import { upcomingPassProblem } from '../../core/overpass/upcomingPassProblem.js';

export interface NotificationRoutesOptions {
  service: NotificationService;
  /**
   * Per client (IPv4 address or IPv6 /64), counted by @fastify/rate-limit (registered by the app) in
   * place of the general limit. Defaults: 10 subscription requests and 120 link visits per 15 minutes.
   */
  subscribeLimit?: RouteLimit;
  linkLimit?: RouteLimit;
}

export interface RouteLimit {
  max: number;
  timeWindowMs: number;
}

/** JSON unless the client asks for HTML and not JSON (a browser following a link from the email). */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html') && !accept.includes('application/json');
}

function htmlPage(title: string, view: SubscriptionView, token: string, lead: string, action?: 'confirm'): string {
  const where = formatLatLon(view.lat, view.lon);
  const passes = view.nextPasses
    .map((p) => `<li>${escapeHtml(satelliteName(p.satellite))}: ${p.datetime.slice(0, 10)} ${p.datetime.slice(11, 16)} UTC (WRS-2 ${p.path}/${p.row})</li>`)
    .join('');
  const base = `/api/notifications/${encodeURIComponent(view.id)}`;
  // Change alerts use neither the lead time nor the cloud limit (the contract still stores them).
  const change = view.watch === 'change';
  const settings = change
    ? '<dt>Alerts</dt><dd>possible change of the land (CCDC), at most one email per change</dd>'
    : `<dt>Lead time</dt><dd>${escapeHtml(view.leadTime)} hours ahead</dd>\n<dt>Clouds</dt><dd>up to ${view.cloudCoverage}%</dd>`;
  const confirm =
    action === 'confirm'
      ? `<form method="post" action="${base}/confirm?token=${encodeURIComponent(token)}"><button type="submit">Confirm my alerts</button></form>`
      : '';
  const unsubscribe =
    view.status === 'active' || view.status === 'pending'
      ? `<form method="post" class="secondary" action="${base}/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`
      : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${SUBSCRIPTION_PAGE_STYLE}</style></head><body>
<header class="page-header"><a href="/">Landsat On the Fly</a></header>
<main><h1>${escapeHtml(title)}</h1>${lead ? `<p>${escapeHtml(lead)}</p>` : ''}
<div class="panel"><dl><dt>Point</dt><dd>${escapeHtml(where)}</dd>${settings}<dt>Email</dt><dd>${escapeHtml(view.email)}</dd><dt>Status</dt><dd>${escapeHtml(view.status)}</dd></dl></div>
${confirm}${passes ? `<h2>${change ? 'Next passes (each new scene is checked for change)' : 'Next passes'}</h2><ul>${passes}</ul>` : ''}${unsubscribe}<p><a href="/">Open Landsat On the Fly</a></p></main></body></html>`;
}

function answer(request: FastifyRequest, reply: FastifyReply, view: SubscriptionView, token: string, title: string, lead: string, action?: 'confirm') {
  // Link tokens ride in the URL: keep them out of caches and out of the Referer of links on the page.
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if (wantsHtml(request)) return reply.type('text/html; charset=utf-8').send(htmlPage(title, view, token, lead, action));
  return reply.send(view);
}

/**
 * Overpass-notification API: subscribe (double opt-in), confirm, view and unsubscribe through the
 * tokenised links sent by email. Errors are thrown as ApiError for the app's error handler.
 */
export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const limit = ({ max, timeWindowMs }: RouteLimit) => ({ rateLimit: { max, timeWindow: timeWindowMs } });
  const subscribeLimit = limit(opts.subscribeLimit ?? { max: 10, timeWindowMs: 15 * 60_000 });
  const linkLimit = limit(opts.linkLimit ?? { max: 120, timeWindowMs: 15 * 60_000 });

  // RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" form-encoded.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  }

  app.post(
    '/api/notifications',
    {
      bodyLimit: 4096,
      config: subscribeLimit,
      // The form parser above is for the one-click links only: a subscription is JSON.
      preValidation: async (request) => {
        if (!/^application\/json\s*(;|$)/i.test(String(request.headers['content-type'] ?? ''))) {
          throw new ApiError(415, 'unsupported_media_type', 'Send the subscription as application/json.');
        }
      },
      schema: {
        summary: 'Subscribe a point to overpass emails (a confirmation email is sent first)',
        tags: ['notifications'],
        body: subscribeBody,
        response: { 201: subscribeReply },
      },
    },
    async (request, reply) => {
      const noPass = upcomingPassProblem([request.body.lon, request.body.lat], new Date());
      if (noPass) throw new ApiError(400, 'no_upcoming_pass', noPass);
      // A place the satellites pass over but never image (open ocean) gets no pass e-mail either:
      // the same reason the empty-answer explanation gives.
      const notImaged = notImagedReason([request.body.lon, request.body.lat]);
      if (notImaged) throw new ApiError(400, 'not_imaged', NOT_IMAGED_WORDS[notImaged]);
      const result = await service.subscribe(request.body);
      return reply.code(201).header('cache-control', 'no-store').send(result);
    },
  );

  const linkRoute = { config: linkLimit };
  /** Every emailed link: a subscription id in the path, its token in the query, the subscription back. */
  const linkSchema = (summary: string) => ({ summary, tags: ['notifications'], params: idParams, querystring: tokenQuery, response: { 200: viewReply } });

  app.get(
    '/api/notifications/:id',
    {
      ...linkRoute,
      schema: linkSchema('View a subscription through a link from its emails'),
    },
    async (request, reply) => {
      const view = await service.view(request.params.id, request.query.token);
      return answer(request, reply, view, request.query.token, 'Your Landsat overpass alerts', '');
    },
  );

  // Opening the emailed link only shows a page with a Confirm button; the POST confirms. Mail
  // security scanners fetch links on their own, and a GET that confirmed would subscribe people
  // who never asked (https://datatracker.ietf.org/doc/html/rfc9110#section-9.2.1: GET is safe).
  app.get(
    '/api/notifications/:id/confirm',
    {
      ...linkRoute,
      schema: linkSchema('The confirmation link: shows the subscription and a Confirm button (changes nothing)'),
    },
    async (request, reply) => {
      const view = await service.view(request.params.id, request.query.token);
      if (view.status !== 'pending') {
        return answer(request, reply, view, request.query.token, 'Your Landsat overpass alerts', `This subscription is ${view.status}.`);
      }
      return answer(request, reply, view, request.query.token, 'Confirm your Landsat alerts', 'Press Confirm to start the alerts; nothing is sent until you do.', 'confirm');
    },
  );

  app.post(
    '/api/notifications/:id/confirm',
    {
      ...linkRoute,
      bodyLimit: 1024,
      schema: linkSchema('Confirm a subscription (the Confirm button of the emailed link)'),
    },
    async (request, reply) => {
      const view = await service.confirm(request.params.id, request.query.token);
      const lead =
        view.status !== 'active'
          ? `This subscription is ${view.status}.`
          : view.watch === 'change'
            ? 'You will get one email each time the land at this point may have changed (CCDC change detection after each new Landsat 8 or 9 scene), at most one per change, and no pass emails.'
            : `You will get an email ${view.leadTime} hours before each Landsat 8 and 9 pass, and when each new scene appears.`;
      return answer(request, reply, view, request.query.token, view.status === 'active' ? 'Alerts confirmed' : 'Alerts not active', lead);
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/notifications/:id/unsubscribe',
      ...linkRoute,
      bodyLimit: 1024,
      schema: linkSchema('Unsubscribe in one click (the link in every email; POST for RFC 8058 mail clients)'),
      handler: async (request, reply) => {
        const view = await service.unsubscribe(request.params.id, request.query.token);
        return answer(request, reply, view, request.query.token, 'Unsubscribed', 'You will receive no more emails about this point.');
      },
    });
  }
};
