import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/testApp.js';

// The notification service wired into the real app: without SMTP_URL, mail goes to the outbox folder.
let app: FastifyInstance;
let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(path.join(os.tmpdir(), 'landsat-outbox-'));
  app = await buildTestApp({ OUTBOX_DIR: outbox, PUBLIC_URL: 'http://landsat.test' });
});
afterAll(async () => {
  await app?.close();
  await rm(outbox, { recursive: true, force: true });
});

describe('POST /api/notifications through the app', () => {
  it('accepts a subscription, answers pending and writes the confirmation email to the outbox', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      payload: { email: 'person@example.org', leadTime: '6', cloudCoverage: 50, lat: 45.3267, lon: -79.2165 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending' });
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
      if (files.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(files).toHaveLength(1);
    // The .eml body is quoted-printable: undo soft line breaks and =XX escapes before reading links.
    const eml = (await readFile(path.join(outbox, files[0]), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(eml).toMatch(/To: person@example.org/i);
    expect(eml).toMatch(/http:\/\/landsat\.test\/api\/notifications\/[^/\s]+\/confirm\?token=/);
    // The metrics read the same store, in-memory here: one email went out.
    const metrics = await app.inject('/api/metrics');
    expect(metrics.body).toMatch(/^landsat_emails\{status="sent"\} 1$/m);
    expect(metrics.body).toMatch(/^landsat_emails\{status="pending"\} 0$/m);
  });

  it('refuses bad input with JSON errors', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/notifications', payload: { email: 'nope', leadTime: '5', cloudCoverage: 50, lat: 95, lon: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
    const notJson = await app.inject({ method: 'POST', url: '/api/notifications', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toMatch(/not valid JSON/);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      payload: { email: 'a@example.org', leadTime: '2', cloudCoverage: 1, lat: 0, lon: 0, pad: 'x'.repeat(10_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });
});
