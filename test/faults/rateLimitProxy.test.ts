/**
 * The rate limit in the real server process over real sockets (issue 27 item 3): health, metrics and
 * the page stay outside it, and TRUST_PROXY lets it see each user's address behind a load balancer.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';

let staticDir: string;
let behindBalancer: ServerProcess;
let untrusted: ServerProcess;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'landsat-otf-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(path.join(staticDir, 'assets', 'index-abcdef12.js'), 'console.log(1)');
  // One balancer hop in front (the test itself on loopback); and a server that trusts only 10.0.0.0/8.
  [behindBalancer, untrusted] = await Promise.all([
    startServerProcess({ RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '1', STATIC_DIR: staticDir }),
    startServerProcess({ RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '10.0.0.0/8,192.168.0.1' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([behindBalancer?.stop(), untrusted?.stop()]);
  rmSync(staticDir, { recursive: true, force: true });
});

const from = (server: ServerProcess, user: string, target: string) => fetch(`${server.baseUrl}${target}`, { headers: { 'x-forwarded-for': user } });
const CHEAP_API = '/api/wrs2?lat=45&lon=5';

describe('rate limit', () => {
  it('counts each user behind a trusted balancer apart, and never limits health, metrics or the page', async () => {
    for (let i = 0; i < 5; i++) expect((await from(behindBalancer, '203.0.113.7', CHEAP_API)).status).toBe(200);
    const refused = await from(behindBalancer, '203.0.113.7', CHEAP_API);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/at most 5 a minute\. Try again in \d+ s/) } });
    // The same user, budget spent: health, metrics, the page and its assets still answer.
    for (let i = 0; i < 10; i++) {
      expect((await from(behindBalancer, '203.0.113.7', '/api/health')).status).toBe(200);
      expect((await from(behindBalancer, '203.0.113.7', '/api/metrics')).status).toBe(200);
      expect((await from(behindBalancer, '203.0.113.7', '/')).status).toBe(200);
      expect((await from(behindBalancer, '203.0.113.7', '/assets/index-abcdef12.js')).status).toBe(200);
    }
    // The balancer's own probes (no X-Forwarded-For) and another user are not locked out.
    expect((await fetch(`${behindBalancer.baseUrl}/api/health`)).status).toBe(200);
    expect((await from(behindBalancer, '198.51.100.2', CHEAP_API)).status).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer TRUST_PROXY does not name, so it cannot be forged', async () => {
    // Loopback is not in 10.0.0.0/8: every "user" below is the one peer 127.0.0.1.
    for (let i = 0; i < 5; i++) expect((await from(untrusted, `203.0.113.${i}`, CHEAP_API)).status).toBe(200);
    expect((await from(untrusted, '203.0.113.99', CHEAP_API)).status).toBe(429);
  });
});
