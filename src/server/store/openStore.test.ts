import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { openStore } from './openStore.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'landsat.db');
};

describe('openStore', () => {
  it('creates the folder, uses WAL and brings the schema to the latest version', () => {
    const file = tempFile();
    const db = openStore(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(['outbox', 'pass_watches', 'subscription_tokens', 'subscriptions']);
    db.close();
  });

  it('keeps data when reopened and does not re-run migrations', () => {
    const file = tempFile();
    const db = openStore(file);
    db.prepare(
      "INSERT INTO subscriptions (id, email, email_key, lat, lon, lead_time_hours, max_cloud_cover, status, created_at) VALUES ('s1', 'a@b.c', 'a@b.c', 1, 2, 6, 50, 'pending', '2024-01-01T00:00:00.000Z')",
    ).run();
    db.close();
    const again = openStore(file);
    expect(again.prepare('SELECT id FROM subscriptions').pluck().all()).toEqual(['s1']);
    again.close();
  });

  it('refuses a database written by a newer schema', () => {
    const file = tempFile();
    const db = openStore(file);
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    expect(() => openStore(file)).toThrow(/newer/);
  });

  it('makes outbox idempotency keys unique and statuses checked', () => {
    const db = openStore(':memory:');
    const insert = db.prepare(
      "INSERT INTO outbox (idempotency_key, kind, recipient, subject, status, created_at, send_after, next_attempt_at) VALUES (?, 'x', 'a@b.c', 's', ?, 't', 't', 't')",
    );
    insert.run('k1', 'pending');
    expect(() => insert.run('k1', 'pending')).toThrow(/UNIQUE/);
    expect(() => insert.run('k2', 'bogus')).toThrow(/CHECK/);
    db.close();
  });
});
