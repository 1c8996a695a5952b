import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/support/testApp.js';
import { HASHED_ASSET_CACHE, PAGE_CACHE } from './staticFiles.js';

const staticDir = mkdtempSync(path.join(os.tmpdir(), 'landsat-static-'));
const script = `export const words = ${JSON.stringify('Landsat surface reflectance '.repeat(200))};\n`;
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), `<!doctype html><html lang="en"><title>t</title><script type="module" src="/assets/index-AbCd12_x.js"></script>${'<!-- pad -->'.repeat(200)}`);
  writeFileSync(path.join(staticDir, 'assets', 'index-AbCd12_x.js'), script);
  app = await buildTestApp({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('static files and compression', () => {
  it('sends hashed assets brotli-compressed and cached a year as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-AbCd12_x.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('sends index.html (also for client-side URLs) uncached, gzip to a client without brotli', async () => {
    for (const url of ['/', '/index.html', '/some/page']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PAGE_CACHE);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString(), url).toContain('<script type="module"');
    }
  });

  it('sends the page a new build wrote, not the one it read first (the new page names the new hashed assets)', async () => {
    const file = path.join(staticDir, 'index.html');
    const before = readFileSync(file, 'utf8');
    expect((await app.inject({ url: '/' })).body).toContain('index-AbCd12_x.js');
    try {
      writeFileSync(file, before.replace('index-AbCd12_x.js', 'index-New98765.js'));
      utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      expect((await app.inject({ url: '/' })).body).toContain('index-New98765.js');
    } finally {
      writeFileSync(file, before);
      utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    }
  });

  it('compresses JSON answers and leaves them plain for clients that ask for no encoding', async () => {
    const zipped = await app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).openapi).toBeDefined();
    const plain = await app.inject({ url: '/api/docs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBeDefined();
  });
});

describe('/api/config emailDelivery', () => {
  it("says 'outbox' without SMTP_URL and 'smtp' with it", async () => {
    expect((await app.inject({ url: '/api/config' })).json().emailDelivery).toBe('outbox');
    const withSmtp = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await withSmtp.inject({ url: '/api/config' })).json().emailDelivery).toBe('smtp');
    } finally {
      await withSmtp.close();
    }
  });
});

describe('the page on the synthetic archive', () => {
  it('marks its root element, so the demo-data notice is in the first paint; a real archive leaves it unmarked', async () => {
    const demo = await buildTestApp({ STATIC_DIR: staticDir, LANDSAT_SOURCE: 'demo' });
    try {
      for (const url of ['/', '/some/page']) {
        const html = (await demo.inject({ url })).body;
        expect(html, url).toMatch(/^<!doctype html><html data-archive="synthetic"/i);
      }
    } finally {
      await demo.close();
    }
    expect((await app.inject({ url: '/' })).body).not.toContain('data-archive');
  });
});
