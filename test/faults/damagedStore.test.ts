/**
 * A notification file damaged in its pages (not its header) opens and answers a trivial query, yet
 * every write and scheduler round fails. /api/health must say so (issue 27 item 6): the real server
 * process on such a file.
 */
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/openSqliteStore.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';

let dir: string;
let server: ServerProcess;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'landsat-damaged-'));
  const file = path.join(dir, 'landsat.db');
  const store = openSqliteStore(file); // creates and migrates the schema
  const pageSize = Number(store.db.pragma('page_size', { simple: true }));
  await store.close();
  // Keep page 1 (header and schema), overwrite every other page with garbage: tables and indexes damaged.
  const size = statSync(file).size;
  expect(size).toBeGreaterThan(pageSize * 2);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(size - pageSize, 0xa5), 0, size - pageSize, pageSize);
  closeSync(fd);
  server = await startServerProcess({ DATABASE_PATH: file, SCHEDULER_INTERVAL_MS: '300' });
}, 40_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('/api/health on a notification file damaged in its pages', () => {
  it('reports the store failing once the scheduler or a write fails, with the reason in words', async () => {
    // The store opened: the damage is only found when the pages are used.
    let notifications: { store: string; reachable: boolean; error?: string } | undefined;
    for (let i = 0; i < 50; i++) {
      notifications = (await (await fetch(`${server.baseUrl}/api/health`)).json()).notifications;
      if (notifications && !notifications.reachable) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(notifications).toMatchObject({ store: 'sqlite', reachable: false });
    expect(notifications!.error).toMatch(/damaged or not an SQLite database.*DATABASE_PATH: landsat\.db/);

    const subscribe = await fetch(`${server.baseUrl}/api/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.org', leadTime: '6', cloudCoverage: 50, lat: 45.3267, lon: -79.2165 }),
    });
    expect(subscribe.status).toBe(503);
    expect((await subscribe.json()).error.code).toBe('notifications_unavailable');
    const metrics = await (await fetch(`${server.baseUrl}/api/metrics`)).text();
    expect(metrics).toMatch(/^landsat_notification_store_up\{store="sqlite"\} 0$/m);
  });
});
