import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemorySceneCatalog } from '../../../test/support/createMemorySceneCatalog.js';
import { createNotificationService } from '../notifications/notificationService.js';
import { openSqliteStore } from './openSqliteStore.js';
import { StoreError } from './storeErrors.js';
import { REPO_ROOT } from '../../../test/support/fixturePaths.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-fail-'));
  dirs.push(dir);
  return dir;
};

function openError(file: string): StoreError {
  try {
    openSqliteStore(file);
  } catch (err) {
    expect(err).toBeInstanceOf(StoreError);
    return err as StoreError;
  }
  throw new Error('expected the store to refuse to open');
}

describe('storage failures in words naming DATABASE_PATH and the file', () => {
  it('a corrupt file', () => {
    const dir = tempDir();
    const file = path.join(dir, 'landsat.db');
    fs.writeFileSync(file, Buffer.alloc(8192, 0x41));
    const err = openError(file);
    expect(err.statusCode).toBe(503);
    expect(err.code).toBe('notifications_unavailable');
    expect(err.message).toBe(
      'Notifications are unavailable: the notification file is damaged or not an SQLite database; restore it from a backup or move it aside (DATABASE_PATH: landsat.db).',
    );
    // The answer to a client names the file, not the server's folders; the log line has the full path.
    expect(err.message).not.toContain(dir);
    expect(err.detail).toContain(`DATABASE_PATH=${file}`);
    expect(err.detail).toContain('SQLITE_NOTADB');
  });

  it('a folder that does not exist and cannot be created', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'not-a-folder'), 'x');
    const err = openError(path.join(dir, 'not-a-folder', 'landsat.db'));
    expect(err.message).toMatch(/cannot be opened or created; check that its folder exists and is writable \(DATABASE_PATH: landsat\.db\)/);
    expect(err.detail).toMatch(/ENOTDIR|EEXIST/);
  });

  it('a read-only file (opened by an unprivileged user: root ignores permissions)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'landsat.db');
    openSqliteStore(file).close();
    fs.chmodSync(file, 0o444);
    fs.chmodSync(dir, 0o555);
    // As root the probe drops to `nobody` (65534) itself, once its code is loaded: the checkout may sit
    // in a folder that user cannot enter.
    const probe = path.join(REPO_ROOT, 'test/support/openStoreProbe.ts');
    const out = execFileSync(process.execPath, ['--import', 'tsx', probe, file, '65534'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, HOME: '/tmp', TSX_DISABLE_CACHE: '1' } });
    fs.chmodSync(dir, 0o755);
    const result = JSON.parse(out.trim().split('\n').pop()!);
    expect(result).toMatchObject({ ok: false, name: 'StoreError', statusCode: 503, code: 'notifications_unavailable' });
    expect(result.message).toBe('Notifications are unavailable: the notification file is read-only; make it and its folder writable by the server (DATABASE_PATH: landsat.db).');
    expect(result.detail).toMatch(/SQLITE_READONLY/);
  });

  it('a full disk at run time: the call answers 503 storage_full, said as such', async () => {
    const db = openSqliteStore(':memory:');
    const service = createNotificationService({
      db,
      mailer: { kind: 'smtp', send: async () => ({ messageId: 'x', destination: 'memory' }), close() {} },
      clock: { now: () => new Date('2024-03-10T00:00:00Z') },
      catalog: createMemorySceneCatalog(),
      publicUrl: 'https://landsat.example.org',
    });
    // SQLite's own "database or disk is full" (SQLITE_FULL), produced for real by capping the file's pages.
    db.db.pragma(`max_page_count = ${db.db.pragma('page_count', { simple: true })}`);
    const input = (i: number) => ({ email: `ada${i}@example.org`, leadTime: '6' as const, cloudCoverage: 50, lat: 45.3, lon: -79.2 });
    let failure: unknown = null;
    // The pages the file already has fill up after a few requests; then every write fails.
    for (let i = 0; i < 500 && !failure; i++) await service.subscribe(input(i)).catch((err: unknown) => (failure = err));
    expect(failure).toMatchObject({
      statusCode: 503,
      code: 'storage_full',
      message: 'Notifications are unavailable: the disk holding the notification file is full; free some space (DATABASE_PATH: :memory:).',
    });
    await service.stop();
    await db.close();
  });
});

describe('storage failures at run time', () => {
  it('a store that turns read-only under a running server answers 503 in words', async () => {
    const db = openSqliteStore(path.join(tempDir(), 'landsat.db'));
    // SQLite's own read-only refusal (SQLITE_READONLY), as when the file or its mount turns read-only.
    db.db.pragma('query_only = ON');
    await expect(
      db.run("INSERT INTO subscription_tokens (token_hash, subscription_id, created_at) VALUES ('h', 's', 't')"),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'notifications_unavailable',
      message: 'Notifications are unavailable: the notification file is read-only; make it and its folder writable by the server (DATABASE_PATH: landsat.db).',
    });
    await db.close();
  });
});
