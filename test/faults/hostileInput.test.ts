/**
 * Hostile input against the real server process over real sockets (issue 27): no input gives a 500,
 * and every refusal is the API's one error shape with words a person can act on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRawAnswer, rawExchange, startServerProcess, type ServerProcess } from '../support/serverProcess.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ RATE_LIMIT_PER_MINUTE: '100000' });
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
