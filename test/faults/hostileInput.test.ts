/**
 * Hostile input against the real server process over real sockets (issue 27): no input gives a 500,
 * and every refusal is the API's one error shape with words a person can act on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { parseRawAnswer, rawExchange, startServerProcess, type ServerProcess } from '../support/serverProcess.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ RATE_LIMIT_PER_MINUTE: '100000', HEADERS_TIMEOUT_MS: '1000', BODY_TIMEOUT_MS: '1500' });
}, 40_000);
afterAll(async () => {
  await server?.stop();
});

const get = (port: number, target: string, host: string) => rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

describe('no 500 from any input', () => {
  it('a quicklook of a path/row WRS-2 does not have is 404 in words', async () => {
    for (const sceneId of ['LC09_L2SP_999999_20230101_20230102_02_T1', 'LC08_L2SP_000070_20190114_20200830_02_T2', 'LC08_L2SP_001249_20190114_20200830_02_T2']) {
      const res = await fetch(`${server.baseUrl}/api/quicklook?sceneId=${sceneId}`);
      expect(res.status, sceneId).toBe(404);
      const body = await res.json();
      expect(body.error.code).toBe('no_scene');
      expect(body.error.message).toMatch(/path must be 001-233 and row 001-248/);
    }
    const impossibleDay = await fetch(`${server.baseUrl}/api/quicklook?sceneId=LC08_L2SP_001070_20190231_20200830_02_T2`);
    expect(impossibleDay.status).toBe(404);
    expect((await impossibleDay.json()).error.message).toMatch(/2019-02-31 is not a calendar date/);
  });

  it('the calendar never copies a Host it cannot vouch for, and never 500s on one', async () => {
    const target = '/api/overpasses.ics?lat=48.85&lon=2.35&days=20';
    // An IPv6 literal is a real host: links to it, kept out of shared caches.
    const v6 = parseRawAnswer(await get(server.port, target, '[::1]'));
    expect(v6.status).toBe(200);
    expect(v6.headers).toMatch(/cache-control: private, max-age=3600/i);
    expect(v6.body).toContain('http://[::1]/?lat=48.850000');
    // Not a host name: refused in words, nothing copied.
    for (const host of ['a_b', 'evil.example<script>', 'x:99999']) {
      const bad = parseRawAnswer(await get(server.port, target, host));
      expect(bad.status, host).toBe(400);
      expect(JSON.parse(bad.body).error).toMatchObject({ code: 'bad_host', message: expect.stringContaining('PUBLIC_URL') });
    }
    const named = parseRawAnswer(await get(server.port, target, 'landsat.local:9000'));
    expect(named.status).toBe(200);
    expect(named.headers).toMatch(/cache-control: private/i);
    expect(named.body).toContain('http://landsat.local:9000/?lat=48.850000');
  });

  it('with PUBLIC_URL set the calendar ignores the Host and may be cached publicly', async () => {
    const withPublic = await startServerProcess({ PUBLIC_URL: 'https://landsat.example.org' });
    try {
      const answer = parseRawAnswer(await get(withPublic.port, '/api/overpasses.ics?lat=48.85&lon=2.35&days=20', 'a_b'));
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatch(/cache-control: public, max-age=3600/i);
      expect(answer.body).toContain('https://landsat.example.org/?lat=48.850000');
      expect(answer.body).not.toContain('a_b');
    } finally {
      await withPublic.stop();
    }
  }, 40_000);
});

function expectErrorShape(body: string, code: string): string {
  const parsed = JSON.parse(body);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error.code).toBe(code);
  expect(typeof parsed.error.message).toBe('string');
  return parsed.error.message;
}

describe('every error in the one shape, in words', () => {
  it('431 for headers over 16 KB and 400 for bytes that are not HTTP', async () => {
    const big = parseRawAnswer(await rawExchange(server.port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(big.status).toBe(431);
    expect(expectErrorShape(big.body, 'headers_too_large')).toMatch(/16 KB/);
    for (const garbage of ['HELLO\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef', 'GET /\x00 HTTP/1.1\r\n\r\n']) {
      const bad = parseRawAnswer(await rawExchange(server.port, garbage));
      expect(bad.status, JSON.stringify(garbage)).toBe(400);
      expect(expectErrorShape(bad.body, 'bad_request')).toMatch(/not valid HTTP\/1\.1/);
    }
  });

  it('408 in the error shape when a body stalls, and when headers stall', async () => {
    const startedMs = Date.now();
    const body = parseRawAnswer(
      await rawExchange(server.port, `POST /api/compare HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"lat":`, 10_000),
    );
    expect(body.status).toBe(408);
    expect(expectErrorShape(body.body, 'request_timeout')).toMatch(/did not arrive in time/);
    expect(Date.now() - startedMs).toBeLessThan(4000); // BODY_TIMEOUT_MS 1500 + the 1 s check
    const headers = parseRawAnswer(await rawExchange(server.port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: `, 10_000));
    expect(headers.status).toBe(408);
    expectErrorShape(headers.body, 'request_timeout');
  });

  it('415 for a body that is not JSON on every JSON POST', async () => {
    for (const path of ['/api/compare', '/api/notifications']) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': type }, body: 'lat=1' });
        expect(res.status, `${path} ${type}`).toBe(415);
        expectErrorShape(await res.text(), 'unsupported_media_type');
      }
    }
  });

  it('refuses impossible dates and too-long addresses, and never echoes a large request', async () => {
    const post = (path: string, body: unknown) => fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const feb31 = await post('/api/compare', { lat: 0, lon: 0, datetime: '2023-02-31T10:00:00Z', bands: { B04: 0.1 } });
    expect(feb31.status).toBe(400);
    expect(expectErrorShape(await feb31.text(), 'bad_request')).toMatch(/datetime is not a real date/);
    const pixel = await fetch(`${server.baseUrl}/api/pixel?lat=1&lon=1&startDate=2023-02-29&endDate=2023-03-10`);
    expect(pixel.status).toBe(400);
    expect(expectErrorShape(await pixel.text(), 'bad_request')).toMatch(/startDate must be a real calendar date/);
    const email = await post('/api/notifications', { email: `${'a'.repeat(65)}@example.org`, leadTime: '6', cloudCoverage: 50, lat: 45, lon: 5 });
    expect(email.status).toBe(400);
    expect(expectErrorShape(await email.text(), 'bad_request')).toMatch(/at most 64/);
    // 720 KB of unknown key and 60,000 wrong points: the answer stays small and still says what is wrong.
    const hugeKey = await post('/api/compare', { lat: 0, lon: 0, datetime: '2019-01-14T14:30:00Z', bands: { B04: 0.1 }, ['k'.repeat(720_000)]: 1 });
    const hugeKeyText = await hugeKey.text();
    expect(hugeKey.status).toBe(400);
    expect(hugeKeyText.length).toBeLessThan(1200);
    expect(expectErrorShape(hugeKeyText, 'bad_request')).toMatch(/Unrecognized key.*more characters/);
    const manyProblems = await post('/api/compare', { lat: 0, lon: 0, datetime: '2019-01-14T14:30:00Z', spectrum: Array.from({ length: 60_000 }, () => ['x', 'y']) });
    const manyText = await manyProblems.text();
    expect(manyProblems.status).toBe(400);
    expect(manyText.length).toBeLessThan(1200);
    expect(expectErrorShape(manyText, 'bad_request')).toMatch(/and 119995 more problems/);
  });

  it('keeps serving after all of it', async () => {
    const socket = net.connect(server.port, '127.0.0.1');
    socket.destroy();
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
