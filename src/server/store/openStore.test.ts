import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { openSqliteStore } from './openSqliteStore.js';
import { storeSuite } from '../../../test/support/storeSuite.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'landsat.db');
};

describe('the notification store on SQLite', () => {
  storeSuite(() => {
    const file = tempFile();
    return { open: async () => openSqliteStore(file) };
  });

  it('creates the folder, uses WAL and records the schema version', async () => {
    const file = tempFile();
    const store = openSqliteStore(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    await store.close();
  });

  it('refuses a database written by a newer schema', async () => {
    const file = tempFile();
    await openSqliteStore(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrations.length + 1}`);
    raw.close();
    expect(() => openSqliteStore(file)).toThrow(/newer/);
  });
});
