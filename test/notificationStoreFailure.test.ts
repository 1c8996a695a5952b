import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/testApp.js';

// A notification store that cannot be opened does not take the server down: the data API serves,
// notification calls answer 503 with the reason, and /api/health and /api/metrics say which store failed.
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'landsat-corrupt-'));
  const file = path.join(dir, 'landsat.db');
  fs.writeFileSync(file, Buffer.alloc(8192, 0x41)); // not an SQLite file
  app = await buildTestApp({ DATABASE_PATH: file, OUTBOX_DIR: path.join(dir, 'outbox') });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server with a corrupt notification file', () => {
  it('starts, keeps serving data, and answers notification calls 503 in words', async () => {
    const data = await app.inject({ method: 'GET', url: '/api/config' });
    expect(data.statusCode).toBe(200);
    const wrs = await app.inject({ method: 'GET', url: '/api/overpasses?lat=45.3267&lon=-79.2165' });
    expect(wrs.statusCode).toBe(200);

    const reason =
      'Notifications are unavailable: the notification file is damaged or not an SQLite database; restore it from a backup or move it aside (DATABASE_PATH: landsat.db).';
    const subscribe = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      payload: { email: 'ada@example.org', leadTime: '6', cloudCoverage: 50, lat: 45.3267, lon: -79.2165 },
    });
    expect(subscribe.statusCode).toBe(503);
    expect(subscribe.json()).toEqual({ error: { code: 'notifications_unavailable', message: reason } });
    const view = await app.inject({ method: 'GET', url: `/api/notifications/abc?token=${'x'.repeat(43)}` });
    expect(view.statusCode).toBe(503);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().notifications).toEqual({ store: 'sqlite', reachable: false, error: reason });
    const metrics = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(/^landsat_notification_store_up\{store="sqlite"\} 0$/m);
  });
});
