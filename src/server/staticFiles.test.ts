import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/support/testApp.js';
import { HASHED_ASSET_CACHE, PAGE_CACHE } from './staticFiles.js';

const staticDir = mkdtempSync(path.join(os.tmpdir(), 'landsat-static-'));
const script = `export const words = ${JSON.stringify('Landsat surface reflectance '.repeat(200))};\n`;
const chunk = `export const more = ${JSON.stringify('Collection 2 Level-2 '.repeat(300))};\n`;
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), `<!doctype html><html lang="en"><title>t</title><script type="module" src="/assets/index-AbCd12_x.js"></script>${'<!-- pad -->'.repeat(200)}`);
  writeFileSync(path.join(staticDir, 'assets', 'index-AbCd12_x.js'), script);
  // As the build writes a chunk over 1 KB: with its brotli and gzip copies beside it (vite.config.ts precompress).
  writeFileSync(path.join(staticDir, 'assets', 'chunk-Zy98xw76.js'), chunk);
  writeFileSync(path.join(staticDir, 'assets', 'chunk-Zy98xw76.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(staticDir, 'assets', 'chunk-Zy98xw76.js.gz'), gzipSync(chunk));
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

  it("sends the build's own compressed copy of an asset by Accept-Encoding, the file itself to a client that takes neither", async () => {
    const dir = path.join(staticDir, 'assets');
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br', file: 'chunk-Zy98xw76.js.br' },
      { accept: 'br;q=0, gzip', encoding: 'gzip', file: 'chunk-Zy98xw76.js.gz' },
      { accept: 'gzip;q=0.5', encoding: 'gzip', file: 'chunk-Zy98xw76.js.gz' },
      { accept: 'identity', encoding: undefined, file: 'chunk-Zy98xw76.js' },
      { accept: undefined, encoding: undefined, file: 'chunk-Zy98xw76.js' },
    ];
    for (const { accept, encoding, file } of cases) {
      const res = await app.inject({ url: '/assets/chunk-Zy98xw76.js', headers: accept ? { 'accept-encoding': accept } : {} });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control'], accept).toBe(HASHED_ASSET_CACHE);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(Buffer.compare(res.rawPayload, readFileSync(path.join(dir, file))), accept).toBe(0);
    }
  });

  it('answers 304 to a revalidation with the ETag it gave, and HEAD with the headers alone', async () => {
    const first = await app.inject({ url: '/assets/chunk-Zy98xw76.js', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: '/assets/chunk-Zy98xw76.js', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url: '/assets/chunk-Zy98xw76.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers the assets it read at start from memory, without the disk (one turn of a busy event loop, not several)', async () => {
    const file = path.join(staticDir, 'assets', 'chunk-Zy98xw76.js.br');
    const bytes = readFileSync(file);
    rmSync(file);
    try {
      const res = await app.inject({ url: '/assets/chunk-Zy98xw76.js', headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    } finally {
      writeFileSync(file, bytes);
    }
  });

  it('sends an asset a later build wrote after the server started, from disk', async () => {
    const file = path.join(staticDir, 'assets', 'late-Qq11ww22.js');
    writeFileSync(file, script);
    try {
      const res = await app.inject({ url: '/assets/late-Qq11ww22.js', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
      expect(gunzipSync(res.rawPayload).toString()).toBe(script);
    } finally {
      rmSync(file);
    }
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
