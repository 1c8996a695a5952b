/**
 * What the server exposes: security headers and a content security policy naming only the tile host,
 * CORS off unless configured, a rate limit per client, size limits, a static server that cannot
 * leave its folder, and an OpenAPI description of every call.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/testApp.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png' });
});
afterAll(async () => {
  await app?.close();
});

describe('security headers', () => {
  it('sends a content security policy allowing images only from itself and the configured tile host', async () => {
    const res = await app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.net(;|$)/);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('openstreetmap');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});

describe('CORS', () => {
  it('is off by default: no Access-Control-Allow-Origin for another site', async () => {
    const res = await app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with CORS_ORIGINS allows exactly the listed origins', async () => {
    const corsApp = await buildTestApp({ CORS_ORIGINS: 'https://viewer.example.org, https://other.example.org' });
    try {
      const allowed = await corsApp.inject({ url: '/api/health', headers: { origin: 'https://viewer.example.org' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://viewer.example.org');
      const refused = await corsApp.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await corsApp.close();
    }
  });
});

describe('rate limit per client', () => {
  it('answers 429 JSON with Retry-After past RATE_LIMIT_PER_MINUTE, counting each client apart', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await limited.inject({ url: '/api/wrs2?lat=45&lon=-79', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
      const res = await limited.inject({ url: '/api/config', remoteAddress: '10.0.0.1' });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/at most 3 a minute/) });
      expect(res.headers['retry-after']).toBeDefined();
      expect((await limited.inject({ url: '/api/config', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('size limits', () => {
  it('refuses a URL longer than 4096 characters with 414 JSON', async () => {
    const res = await app.inject(`/api/geocode?q=${'a'.repeat(5000)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe('uri_too_long');
  });

  it('refuses a body over 64 KiB with 413 JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/notifications', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ pad: 'x'.repeat(70_000) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });
});

describe('static files', () => {
  let dir: string;
  let staticApp: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'landsat-static-'));
    await mkdir(path.join(dir, 'client'));
    await writeFile(path.join(dir, 'client', 'index.html'), '<!doctype html><title>page</title>');
    await writeFile(path.join(dir, 'secret.txt'), 'TOP-SECRET');
    staticApp = await buildTestApp({ STATIC_DIR: path.join(dir, 'client') });
  });
  afterAll(async () => {
    await staticApp?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves its folder', async () => {
    const res = await staticApp.inject('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>page</title>');
  });

  for (const attempt of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/..%5csecret.txt', '/%252e%252e%252fsecret.txt', '/client/../../secret.txt', '/.%2e/secret.txt']) {
    it(`cannot leave its folder: ${attempt}`, async () => {
      const res = await staticApp.inject(attempt);
      expect(res.body).not.toContain('TOP-SECRET');
      expect(res.statusCode).toBeLessThan(500);
    });
  }
});

describe('OpenAPI description at /api/docs', () => {
  it('describes every API call with a summary, and every query parameter with a description', async () => {
    const doc = (await app.inject('/api/docs')).json();
    expect(doc.openapi).toMatch(/^3\./);
    const expected = [
      '/api/landsat3x3',
      '/api/landsatImage',
      '/api/landsatData',
      '/api/pixel',
      '/api/scenes',
      '/api/wrs2',
      '/api/overpasses',
      '/api/geocode',
      '/api/health',
      '/api/config',
      '/api/metrics',
      '/api/notifications',
    ];
    for (const p of expected) expect(Object.keys(doc.paths), p).toContain(p);
    const undescribed: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string; parameters?: { in: string; name: string; description?: string }[] }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.summary, `${method} ${p} summary`).toBeTruthy();
        for (const param of op.parameters ?? []) if (param.in === 'query' && !param.description) undescribed.push(`${method} ${p} ${param.name}`);
      }
    }
    expect(undescribed).toEqual([]);
    const boxParams = doc.paths['/api/landsatData'].get.parameters.map((param: { name: string }) => param.name);
    expect(boxParams).toEqual(expect.arrayContaining(['LON_UL', 'LAT_UR', 'LON_UR', 'LAT_UL', 'startDate', 'endDate', 'cloudCoverage', 'bands']));
  });
});
