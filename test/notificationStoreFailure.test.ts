import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURE_CATALOG_DIR, REPO_ROOT } from './support/fixturePaths.js';
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

describe('the real server entry with a corrupt notification file', () => {
  it('starts, says so in the log naming DATABASE_PATH and the file, and serves', async () => {
    const file = path.join(dir, 'landsat.db');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/main.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LANDSAT_SOURCE: `local:${FIXTURE_CATALOG_DIR}`,
        DATABASE_PATH: file,
        OUTBOX_DIR: path.join(dir, 'outbox'),
        STATIC_DIR: path.join(dir, 'no-static'),
        SCHEDULER_INTERVAL_MS: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines: Array<{ level: number; msg: string; problem?: string }> = [];
      const url = await new Promise<string>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const entry = JSON.parse(line) as { level: number; msg: string; problem?: string };
          lines.push(entry);
          const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(entry.msg);
          if (listening) resolve(listening[1]);
        });
      });
      const logged = lines.find((l) => l.msg.startsWith('Notifications are unavailable'));
      expect(logged).toMatchObject({ level: 50 });
      expect(logged!.msg).toContain('(DATABASE_PATH: landsat.db)');
      expect(logged!.msg).toContain('The data API keeps serving');
      expect(logged!.problem).toContain(`DATABASE_PATH=${file}`);
      const health = await (await fetch(`${url}/api/health`)).json();
      expect(health.notifications).toMatchObject({ store: 'sqlite', reachable: false });
      expect((await fetch(`${url}/api/config`)).status).toBe(200);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
