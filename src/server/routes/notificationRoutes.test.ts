import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { createMemorySceneCatalog } from '../../../test/support/createMemorySceneCatalog.js';
import { createNotificationService } from '../notifications/notificationService.js';
import rateLimit from '@fastify/rate-limit';
import { rateLimitOptions } from '../rateLimitOptions.js';
import { openSqliteStore } from '../store/openSqliteStore.js';
import { notificationRoutes } from './notificationRoutes.js';

const PUBLIC_URL = 'https://landsat.example.org';
const valid = { email: 'ada@example.org', leadTime: '6', cloudCoverage: 40, lat: 45.3267, lon: -79.2165 };
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function build(limits: { subscribe?: number } = {}) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = { kind: 'smtp', send: async (m) => (sent.push(m), { messageId: 'x', destination: 'memory' }), close() {} };
  const db = openSqliteStore(':memory:');
  const clock = { now: () => new Date('2024-03-10T00:00:00Z') };
  const service = createNotificationService({ db, mailer, clock, catalog: createMemorySceneCatalog(), publicUrl: PUBLIC_URL });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The same rendering as the app's error handler: {"error":{"code","message"}} from statusCode/code/message.
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
    const status = err.statusCode ?? 500;
    reply.code(status).send({ error: { code: status === 400 && err.code === 'FST_ERR_VALIDATION' ? 'bad_request' : (err.code ?? 'internal'), message: err.message } });
  });
  // As the app does: @fastify/rate-limit with the app's key and answer; the routes set their own limits.
  await app.register(rateLimit, { ...rateLimitOptions(1_000_000), global: false });
  await app.register(notificationRoutes, {
    service,
    subscribeLimit: limits.subscribe ? { max: limits.subscribe, timeWindowMs: 60_000 } : undefined,
  });
  app.addHook('onClose', async () => {
    await service.stop();
    await db.close();
  });
  apps.push(app);
  return { app, sent, service };
}

const post = (app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/notifications', payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });

async function confirmationLink(sent: MailMessage[]) {
  for (let i = 0; i < 50 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  const link = sent[0].text.match(/https:\/\/\S+\/confirm\?token=\S+/)![0];
  return link.slice(PUBLIC_URL.length);
}

describe('notificationRoutes', () => {
  it('subscribes with 201 pending and sends only a confirmation email', async () => {
    const { app, sent } = await build();
    const res = await post(app, valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'status']);
    expect(body.status).toBe('pending');
    const confirm = await confirmationLink(sent);
    expect(confirm).toMatch(new RegExp(`^/api/notifications/${body.id}/confirm\\?token=`));
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('ada@example.org');
  });

  it.each([
    ['malformed email', { ...valid, email: 'not-an-email' }],
    ['unknown lead time', { ...valid, leadTime: '3' }],
    ['lead time as a number', { ...valid, leadTime: 6 }],
    ['latitude out of range', { ...valid, lat: 91 }],
    ['longitude out of range', { ...valid, lon: -180.5 }],
    ['cloud cover above 100', { ...valid, cloudCoverage: 101 }],
    ['missing field', { email: valid.email }],
    ['body not JSON', '{"email": '],
  ])('answers 400 JSON for %s', async (_name, payload) => {
    const { app, sent } = await build();
    const res = await post(app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(sent).toHaveLength(0);
  });

  it('answers 413 for a body over 4 KB', async () => {
    const { app } = await build();
    const res = await post(app, { ...valid, padding: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBeTruthy();
  });

  it('rate-limits per client IP with 429 JSON and Retry-After', async () => {
    const { app } = await build({ subscribe: 2 });
    expect((await post(app, { ...valid, email: 'a1@example.org' })).statusCode).toBe(201);
    expect((await post(app, { ...valid, email: 'a2@example.org' })).statusCode).toBe(201);
    const res = await post(app, { ...valid, email: 'a3@example.org' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    const other = await app.inject({ method: 'POST', url: '/api/notifications', remoteAddress: '10.0.0.9', payload: { ...valid, email: 'a5@example.org' } });
    expect(other.statusCode).toBe(201);
  });

  it('answers every request for one mailbox the same 201 but emails it once an hour, whatever the spelling', async () => {
    const { app, sent } = await build();
    const spellings = ['ada@example.org', 'ADA@example.org', 'ada+1@example.org', 'ada+2@Example.org', 'Ada+news@example.org', 'ada@example.org'];
    for (const email of spellings) {
      const res = await post(app, { ...valid, email });
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json())).toEqual(['id', 'status']);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.map((m) => m.to)).toEqual(['ada@example.org']);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it does not evade the limit', async () => {
    const { app } = await build({ subscribe: 2 });
    const from = (ip: string, email: string) =>
      app.inject({ method: 'POST', url: '/api/notifications', remoteAddress: ip, payload: { ...valid, email } });
    expect((await from('2001:db8:1:2::1', 'a1@example.org')).statusCode).toBe(201);
    expect((await from('2001:db8:1:2:ffff::9', 'a2@example.org')).statusCode).toBe(201);
    const third = await from('2001:0db8:0001:0002:abcd::1', 'a3@example.org');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    // The next /64 is another client.
    expect((await from('2001:db8:1:3::1', 'a4@example.org')).statusCode).toBe(201);
  });

  it('confirms from the emailed link with an HTML page for browsers and JSON on request; views; unsubscribes in one click', async () => {
    const { app, sent } = await build();
    const { id } = (await post(app, valid)).json();
    const confirmUrl = await confirmationLink(sent);

    // Opening the link (as a person, or a mail scanner) changes nothing: it offers a Confirm button.
    const page = await app.inject({ method: 'GET', url: confirmUrl, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Confirm your Landsat alerts');
    expect(page.body).toContain('(45.326700, -79.216500)');
    expect(page.body).toMatch(/<form method="post" action="\/api\/notifications\/[^"]+\/confirm\?token=[^"]+"><button type="submit">Confirm my alerts<\/button>/);
    const scanned = await app.inject({ method: 'GET', url: confirmUrl, headers: { accept: '*/*' } });
    expect(scanned.json().status).toBe('pending');
    expect(sent).toHaveLength(1);

    // The button POSTs the form: now the alerts are on.
    const confirmed = await app.inject({
      method: 'POST',
      url: confirmUrl,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Alerts confirmed');

    const token = new URL(PUBLIC_URL + confirmUrl).searchParams.get('token')!;
    const view = await app.inject({ method: 'GET', url: `/api/notifications/${id}?token=${token}`, headers: { accept: 'application/json' } });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ id, status: 'active', email: 'ada@example.org', leadTime: '6', cloudCoverage: 40, lat: 45.3267, lon: -79.2165 });
    expect(view.json().nextPasses.length).toBeGreaterThan(0);

    const wrong = await app.inject({ method: 'GET', url: `/api/notifications/${id}?token=${'A'.repeat(43)}`, headers: { accept: 'application/json' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('not_found');
    const missing = await app.inject({ method: 'GET', url: `/api/notifications/${id}` });
    expect(missing.statusCode).toBe(400);

    // RFC 8058 one-click: the mail client POSTs a form body.
    const unsub = await app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/unsubscribe?token=${token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsub.statusCode).toBe(200);
    expect(unsub.json().status).toBe('unsubscribed');
    const again = await app.inject({ method: 'GET', url: `/api/notifications/${id}/unsubscribe?token=${token}`, headers: { accept: 'text/html' } });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Unsubscribed');
  });

  it('a change subscription\'s pages say what it watches, not a lead time or cloud limit it does not use', async () => {
    const { app, sent } = await build();
    await post(app, { ...valid, watch: 'change' });
    const confirmUrl = await confirmationLink(sent);
    const page = await app.inject({ method: 'GET', url: confirmUrl, headers: { accept: 'text/html' } });
    expect(page.body).toContain('<dt>Alerts</dt><dd>possible change of the land (CCDC), at most one email per change</dd>');
    expect(page.body).not.toContain('Lead time');
    const confirmed = await app.inject({ method: 'POST', url: confirmUrl, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' } });
    expect(confirmed.body).toContain('You will get one email each time the land at this point may have changed');
    expect(confirmed.body).not.toContain('hours before each Landsat 8 and 9 pass');
  });
});
