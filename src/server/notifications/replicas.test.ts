import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictOverpasses } from '../../core/overpass/overpass.js';
import { createMailer } from '../mail/createMailer.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../../test/support/startSmtpTestServer.js';
import { openPostgresStore } from '../store/openPostgresStore.js';
import type { SqlStore } from '../store/sqlStore.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../../test/support/startPostgresTestServer.js';
import { createMemorySceneCatalog } from '../../../test/support/createMemorySceneCatalog.js';
import { createNotificationService } from './notificationService.js';
import { messageIdOf } from './outboxDelivery.js';

// Two server replicas (real processes) on one real PostgreSQL and one real SMTP server: 20 confirmed
// subscriptions, both schedulers ticking through six simulated days, one replica killed in the middle of
// a scheduler pass. Every email that should go out arrives exactly once (by Message-ID), none missing.
const here = path.dirname(fileURLToPath(import.meta.url));
const POINT = { lat: 45.3267, lon: -79.2165 };
const HOUR = 3_600_000;
const T0 = Date.parse('2024-03-10T00:00:00Z');
const T_END = T0 + 6 * 24 * HOUR;
const SUBSCRIBERS = 20;

let pg: PostgresTestServer;
let smtp: SmtpTestServer;
let dir: string;
let databaseUrl: string;
let store: SqlStore | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  pg = await startPostgresTestServer();
  databaseUrl = await pg.createDatabase('replicas');
  smtp = await startSmtpTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replicas-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await store?.close();
  await smtp?.close();
  await pg?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Replica {
  name: string;
  child: ChildProcess;
  searches: number;
  ready: boolean;
  /** Simulated time (ISO) at which the last completed tick started; '' before the first. */
  lastTickStartedAt: string;
  alive: boolean;
  onLine: Array<() => void>;
}

function startReplica(name: string, clockFile: string): Replica {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../../../test/support/replicaChild.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      SIM_CLOCK_FILE: clockFile,
      POINT_LAT: String(POINT.lat),
      POINT_LON: String(POINT.lon),
      SCENES_FROM: new Date(T0).toISOString(),
      SCENES_TO: new Date(T_END + 2 * 24 * HOUR).toISOString(),
      SLOW_SEARCH_MS: '100',
      TICK_MS: '50',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const replica: Replica = { name, child, searches: 0, ready: false, lastTickStartedAt: '', alive: true, onLine: [] };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'searching') replica.searches++;
    else if (line.startsWith('ticked ')) replica.lastTickStartedAt = line.slice(7);
    else if (line === 'ready') replica.ready = true;
    replica.onLine.splice(0).forEach((f) => f());
  });
  child.on('exit', () => {
    replica.alive = false;
    replica.onLine.splice(0).forEach((f) => f());
  });
  return replica;
}

/** Resolves when `condition` holds, re-checked at each line a replica prints. */
function when(replicas: Replica[], condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
    const check = () => {
      if (condition()) {
        clearTimeout(timer);
        resolve();
      } else replicas.forEach((r) => r.onLine.push(check));
    };
    check();
  });
}

/** The passes the service announces (same rules: one per satellite, path and UTC day, after confirmation). */
function expectedPasses(afterMs: number) {
  const seen = new Set<string>();
  return predictOverpasses([POINT.lon, POINT.lat], new Date(afterMs), 10)
    .filter((p) => Date.parse(p.datetime) > afterMs)
    .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.row - b.row)
    .filter((p) => {
      const key = `${p.satellite}:${p.path}:${new Date(p.datetime).toISOString().slice(0, 10)}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

describe('replicas on one PostgreSQL', () => {
  it('send every email once across two replicas, one killed mid-pass', { timeout: 180_000 }, async () => {
    const clockFile = path.join(dir, 'clock');
    // Written then renamed, so a replica never reads half a time.
    const setClock = (ms: number) => (fs.writeFileSync(`${clockFile}.tmp`, new Date(ms).toISOString()), fs.renameSync(`${clockFile}.tmp`, clockFile));
    setClock(T0);

    // 20 people subscribe and confirm (through the real service on the same database).
    store = await openPostgresStore(databaseUrl);
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Landsat <noreply@example.org>' });
    const clock = { now: () => new Date(fs.readFileSync(clockFile, 'utf8')) };
    const front = createNotificationService({ db: store, mailer, clock, catalog: createMemorySceneCatalog(), publicUrl: 'https://landsat.example.org' });
    for (let i = 0; i < SUBSCRIBERS; i++) await front.subscribe({ email: `person${i}@example.org`, leadTime: '6', cloudCoverage: 50, ...POINT });
    const confirmations = await smtp.waitFor(SUBSCRIBERS, 30_000);
    for (const mail of confirmations) {
      const url = new URL(mail.links.find((l) => l.includes('/confirm?token='))!);
      const id = decodeURIComponent(url.pathname.split('/')[3]);
      expect((await front.confirm(id, url.searchParams.get('token')!)).status).toBe('active');
    }
    await front.stop();
    mailer.close();

    // Two replicas tick through six simulated days in 3-hour steps.
    const replicas = [startReplica('a', clockFile), startReplica('b', clockFile)];
    await when(replicas, () => replicas.every((r) => r.ready), 'both replicas to start');
    let killed: Replica | null = null;
    let searchesAtKill = 0;
    for (let t = T0 + 3 * HOUR; t <= T_END; t += 3 * HOUR) {
      setClock(t);
      const iso = new Date(t).toISOString();
      const before = replicas.map((r) => r.searches);
      const ticked = () => replicas.every((r) => !r.alive || r.lastTickStartedAt >= iso);
      if (!killed) {
        // The first pass that checks the archive for the 20 watches: kill its replica after 5 of 20 searches.
        await when(replicas, () => ticked() || replicas.some((r, i) => r.searches - before[i] >= 5), `tick at ${iso}`);
        const victim = replicas.find((r, i) => r.searches - before[i] >= 5);
        if (victim) {
          victim.child.kill('SIGKILL');
          await when(replicas, () => !victim.alive, 'the killed replica to exit');
          killed = victim;
          searchesAtKill = victim.searches;
        }
      }
      await when(replicas, ticked, `tick at ${iso}`);
    }
    expect(killed, `searches: ${replicas.map((r) => r.searches).join(', ')}`).not.toBeNull();
    const survivor = replicas.find((r) => r !== killed)!;
    expect(searchesAtKill).toBeGreaterThanOrEqual(5);
    expect(searchesAtKill).toBeLessThan(SUBSCRIBERS); // it died mid-pass
    expect(survivor.searches).toBeGreaterThanOrEqual(SUBSCRIBERS - 5); // and the survivor finished it

    // Wait until nothing due is left, then compare what arrived with what the outbox holds.
    const dueLeft = async () =>
      (await store!.get<{ n: number }>("SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?", [new Date(T_END).toISOString()]))!.n;
    for (let i = 0; i < 200 && (await dueLeft()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    await when([survivor], () => survivor.lastTickStartedAt >= new Date(T_END).toISOString(), 'a last tick');

    const rows = await store.all<{ idempotency_key: string; kind: string; status: string; send_after: string }>(
      'SELECT idempotency_key, kind, status, send_after FROM outbox ORDER BY id',
    );
    const due = rows.filter((r) => r.send_after <= new Date(T_END).toISOString());
    expect(due.filter((r) => r.status !== 'sent')).toEqual([]);
    const received = smtp.messages.map((m) => m.headers.get('message-id'));
    const expectedIds = due.map((r) => `<${messageIdOf(r.idempotency_key)}>`);
    // Exactly once each: no duplicates, none missing, nothing else.
    expect(new Set(received).size).toBe(received.length);
    expect([...received].sort()).toEqual([...expectedIds].sort());

    // And the outbox holds what the schedule says it must: per person, an alert for each pass whose
    // alert time has come, and a "scene ready" email for each pass whose scene was checked.
    const passes = expectedPasses(T0);
    const alerts = passes.filter((p) => Date.parse(p.datetime) - 6 * HOUR <= T_END).length;
    const scenes = passes.filter((p) => Date.parse(p.datetime) + HOUR <= T_END).length;
    expect(alerts).toBeGreaterThan(0);
    expect(scenes).toBeGreaterThan(0);
    const count = (kind: string) => due.filter((r) => r.kind === kind).length;
    expect(count('confirm')).toBe(SUBSCRIBERS);
    expect(count('prepass')).toBe(SUBSCRIBERS * alerts);
    expect(count('scene_ready')).toBe(SUBSCRIBERS * scenes);
  });
});
