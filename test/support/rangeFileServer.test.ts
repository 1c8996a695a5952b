import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from './fixturePaths.js';
import { startRangeFileServer, type RangeFileServer } from './rangeFileServer.js';

// The bench's archive stand-in keeps its files open (keepFilesOpen); the tests' stand-in opens them per
// request. Both must answer a range reader alike: the expected bytes are the file's own.
const FILE = `${FIXTURE_SCENE_ID}_SR_B4.TIF`;
const bytes = readFileSync(path.join(FIXTURE_SCENE_DIR, FILE));
const size = statSync(path.join(FIXTURE_SCENE_DIR, FILE)).size;

describe.each([
  { mode: 'files opened per request', keepFilesOpen: false },
  { mode: 'files kept open', keepFilesOpen: true },
])('range file server, $mode', ({ keepFilesOpen }) => {
  let server: RangeFileServer;
  beforeAll(async () => {
    server = await startRangeFileServer(FIXTURE_SCENE_DIR, { keepFilesOpen });
  });
  afterAll(() => server.close());
  const get = (range?: string, method = 'GET') => fetch(`${server.url}/${FILE}`, { method, headers: range ? { range } : {} });

  it.each([
    { range: 'bytes=0-16383', start: 0, end: 16383 },
    { range: `bytes=${size - 100}-${size + 500}`, start: size - 100, end: size - 1 },
    { range: 'bytes=-1000', start: size - 1000, end: size - 1 },
    { range: 'bytes=123456-', start: 123456, end: size - 1 },
  ])('answers $range with the file bytes', async ({ range, start, end }) => {
    const res = await get(range);
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers the whole file without a range, a HEAD without a body, 416 past the end and 404 for a missing file', async () => {
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await get('bytes=0-9', 'HEAD');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('10');
    const past = await get(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    const missing = await fetch(`${server.url}/no-such-file.TIF`);
    expect(missing.status).toBe(404);
  });
});
