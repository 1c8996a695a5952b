/**
 * Test support: the behaviour every notification store must have, run against SQLite
 * (openStore.test.ts) and a real PostgreSQL server (openPostgresStore.test.ts).
 */
import { expect, it } from 'vitest';
import type { SqlStore } from '../../src/server/store/sqlStore.js';

export interface StoreHarness {
  /** Opens (migrating) the same database every time it is called. */
  open(): Promise<SqlStore>;
}

const insertSub = (db: Pick<SqlStore, 'run'>, id: string) =>
  db.run(
    "INSERT INTO subscriptions (id, email, email_key, lat, lon, lead_time_hours, max_cloud_cover, status, created_at) VALUES (?, 'a@b.c', 'a@b.c', 45.3267, -79.2165, 6, 50, 'pending', '2024-01-01T00:00:00.000Z')",
    [id],
  );
const insertOutbox = (db: Pick<SqlStore, 'run'>, key: string, status: string) =>
  db.run(
    "INSERT INTO outbox (idempotency_key, kind, recipient, subject, status, created_at, send_after, next_attempt_at) VALUES (?, 'x', 'a@b.c', 's', ?, 't', 't', 't')",
    [key, status],
  );

export function storeSuite(harness: () => StoreHarness): void {
  it('migrates to the latest schema, keeps data when reopened and does not re-run migrations', async () => {
    const h = harness();
    const db = await h.open();
    await insertSub(db, 's1');
    await db.close();
    const again = await h.open();
    expect(await again.all('SELECT id, lat, lon, lead_time_hours FROM subscriptions')).toEqual([{ id: 's1', lat: 45.3267, lon: -79.2165, lead_time_hours: 6 }]);
    for (const table of ['subscription_tokens', 'pass_watches', 'outbox']) {
      expect(await again.get(`SELECT CAST(count(*) AS INTEGER) AS n FROM ${table}`)).toEqual({ n: 0 });
    }
    await again.close();
  });

  it('makes outbox idempotency keys unique and statuses checked; ids and counts are numbers', async () => {
    const db = await harness().open();
    await insertOutbox(db, 'k1', 'pending');
    await expect(insertOutbox(db, 'k1', 'pending')).rejects.toThrow(/unique/i);
    await expect(insertOutbox(db, 'k2', 'bogus')).rejects.toThrow(/check/i);
    expect(await db.run("INSERT INTO outbox (idempotency_key, kind, recipient, subject, status, created_at, send_after, next_attempt_at) VALUES ('k1', 'x', 'a', 's', 'pending', 't', 't', 't') ON CONFLICT (idempotency_key) DO NOTHING")).toBe(0);
    const row = await db.get<{ id: unknown; attempts: unknown }>('SELECT id, attempts FROM outbox');
    expect(typeof row!.id).toBe('number');
    expect(row!.attempts).toBe(0);
    expect(await db.get("SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE status = 'pending'")).toEqual({ n: 1 });
    await db.close();
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = await harness().open();
    await db.transaction(async (tx) => void (await insertSub(tx, 'kept')));
    await expect(
      db.transaction(async (tx) => {
        await insertSub(tx, 'dropped');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.all('SELECT id FROM subscriptions ORDER BY id')).toEqual([{ id: 'kept' }]);
    // Calls made while a transaction awaits do not run inside it (they survive its rollback).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const failing = db.transaction(async (tx) => {
      await insertSub(tx, 'inside');
      await gate;
      throw new Error('rollback');
    });
    const outside = insertSub(db, 'outside');
    release();
    await expect(failing).rejects.toThrow('rollback');
    await outside;
    expect(await db.all('SELECT id FROM subscriptions ORDER BY id')).toEqual([{ id: 'kept' }, { id: 'outside' }]);
    await db.close();
  });

  it('compares ISO times as text in time order', async () => {
    const db = await harness().open();
    for (const [id, t] of [['a', '2024-03-10T09:00:00.000Z'], ['b', '2024-03-10T10:00:00.000Z'], ['c', '2024-03-09T23:59:59.999Z']]) {
      await db.run(
        "INSERT INTO subscriptions (id, email, email_key, lat, lon, lead_time_hours, max_cloud_cover, status, created_at) VALUES (?, 'a@b.c', 'a@b.c', 0, 0, 6, 50, 'pending', ?)",
        [id, t],
      );
    }
    expect(await db.all('SELECT id FROM subscriptions WHERE created_at > ? ORDER BY created_at', ['2024-03-10T00:00:00.000Z'])).toEqual([{ id: 'a' }, { id: 'b' }]);
    await db.close();
  });

  it('answers ping, and runs an exclusive section (one holder at a time on PostgreSQL)', async () => {
    const h = harness();
    const a = await h.open();
    const b = await h.open();
    await a.ping();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const first = a.withExclusiveLock('suite-lock', async () => (entered(), await held, 'first'));
    await inside;
    const second = await b.withExclusiveLock('suite-lock', async () => 'second');
    if (a.kind === 'postgres') expect(second).toEqual({ ran: false });
    else expect(second).toEqual({ ran: true, value: 'second' }); // one process per SQLite file: nothing to exclude
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await b.withExclusiveLock('suite-lock', async () => 'after')).toEqual({ ran: true, value: 'after' });
    await a.close();
    await b.close();
  });
}
