import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startPostgresTestServer, type PostgresTestServer } from './support/startPostgresTestServer.js';
import { buildTestApp } from './support/testApp.js';

// The app on a real PostgreSQL (DATABASE_URL), which then goes away: notification calls answer 503 with
// the reason, the data calls keep serving, and /api/health and /api/metrics say which store failed.
let pg: PostgresTestServer;
let app: FastifyInstance;

beforeAll(async () => {
  pg = await startPostgresTestServer();
  app = await buildTestApp({ DATABASE_URL: await pg.createDatabase('outage') });
});
afterAll(async () => {
  await app?.close();
  await pg?.close();
});

const subscribe = () =>
  app.inject({ method: 'POST', url: '/api/notifications', payload: { email: 'ada@example.org', leadTime: '6', cloudCoverage: 50, lat: 45.3267, lon: -79.2165 } });

describe('notifications on PostgreSQL', () => {
  it('work while PostgreSQL is up and answer 503 in words while it is down; data calls serve throughout', async () => {
    expect((await subscribe()).statusCode).toBe(201);
    let health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.notifications).toEqual({ store: 'postgres', reachable: true });
    expect((await app.inject({ method: 'GET', url: '/api/metrics' })).body).toMatch(/^landsat_notification_store_up\{store="postgres"\} 1$/m);

    await pg.close(); // the database server goes away

    const refused = await subscribe();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('notifications_unavailable');
    expect(refused.json().error.message).toMatch(/^Notifications are unavailable: PostgreSQL is not reachable.*\(DATABASE_URL: 127\.0\.0\.1:\d+\/outage\)\.$/);
    health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.notifications).toMatchObject({ store: 'postgres', reachable: false });
    expect(health.notifications.error).toMatch(/PostgreSQL is not reachable/);
    expect((await app.inject({ method: 'GET', url: '/api/metrics' })).body).toMatch(/^landsat_notification_store_up\{store="postgres"\} 0$/m);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/overpasses?lat=45.3267&lon=-79.2165' })).statusCode).toBe(200);
  });
});
