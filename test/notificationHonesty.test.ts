import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support/testApp.js';

// Through the real app: the refusal of a point without passes, and the styled subscription pages.
let app: FastifyInstance;
let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(path.join(os.tmpdir(), 'landsat-honesty-'));
  app = await buildTestApp({ OUTBOX_DIR: outbox, PUBLIC_URL: 'http://landsat.test' });
});
afterAll(async () => {
  await app?.close();
  await rm(outbox, { recursive: true, force: true });
});

const subscribe = (lat: number, lon: number) =>
  app.inject({ method: 'POST', url: '/api/notifications', payload: { email: 'person@example.org', leadTime: '6', cloudCoverage: 50, lat, lon } });

describe('honest notifications', () => {
  it('refuses a point with no pass in the next 32 days (85° N) with a 400 that says why', async () => {
    const res = await subscribe(85, 10);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('no_upcoming_pass');
    expect(res.json().error.message).toMatch(/No Landsat 8 or 9 daytime scene covers 85\.0000, 10\.0000 in the next 32 days/);
  });

  it('renders the confirm page with the page style (inline stylesheet, header, details panel)', async () => {
    const created = await subscribe(45.3267, -79.2165);
    expect(created.statusCode).toBe(201);
    const link = await confirmationLink();
    const res = await app.inject({ url: link, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<style>[^<]*--accent:#0b5cad/);
    expect(res.body).toContain('<header class="page-header">');
    expect(res.body).toMatch(/<div class="panel"><dl><dt>Point<\/dt>/);
    expect(res.body).toContain('Confirm my alerts');
  });
});

async function confirmationLink(): Promise<string> {
  let files: string[] = [];
  for (let i = 0; i < 50 && files.length === 0; i++) {
    files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    if (files.length === 0) await new Promise((r) => setTimeout(r, 100));
  }
  // Quoted-printable: undo soft line breaks and =XX escapes before reading the link.
  const eml = (await readFile(path.join(outbox, files[0]), 'utf8'))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return eml.match(/http:\/\/landsat\.test(\/api\/notifications\/[^/\s]+\/confirm\?token=[\w-]+)/)![1];
}
