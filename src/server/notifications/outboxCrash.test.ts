import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../../../test/support/startSmtpTestServer.js';
import { openStore, type StoreSettings } from '../store/openStore.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../../test/support/startPostgresTestServer.js';

// The real outbox in a child process, killed (SIGKILL) at each step of sending one email against a real
// SMTP server, then restarted: the email arrives at least once, always with the same Message-ID, and
// twice only when the crash fell between the SMTP server's acceptance and the "sent" mark. On SQLite and
// on a real PostgreSQL (where the email's row lock goes with the dead process's connection).
const here = path.dirname(fileURLToPath(import.meta.url));
const childScript = path.join(here, '../../../test/support/outboxCrashChild.ts');

let smtp: SmtpTestServer;
let dir: string;
let settings: StoreSettings;
let postgres: PostgresTestServer | undefined;
let databases = 0;
const children: ChildProcess[] = [];
beforeEach(async () => {
  smtp = await startSmtpTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-crash-'));
  settings = {
    databasePath: path.join(dir, 'landsat.db'),
    databaseUrl: postgres ? await postgres.createDatabase(`crash_${++databases}`) : undefined,
  };
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function runChild(step: string, env: Record<string, string> = {}) {
  // node itself (not the tsx wrapper, which would leave its own child running when killed).
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: {
      ...process.env,
      DATABASE_PATH: settings.databasePath,
      ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
      SMTP_URL: smtp.url,
      CRASH_STEP: step,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const words: string[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    words.push(line.trim());
    waiters.splice(0).forEach((w) => w());
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (words.includes(word) ? resolve() : waiters.push(check));
      exited.then(() => setTimeout(() => reject(new Error(`child exited before "${word}"; said: ${words.join(', ')}`)), 50));
      check();
    });
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  return { words, waitFor, kill, exited };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function outboxRow() {
  const db = await openStore(settings);
  try {
    return await db.get<{ status: string; message_id: string | null; lease_id: string | null }>("SELECT status, message_id, lease_id FROM outbox WHERE kind = 'confirm'");
  } finally {
    await db.close();
  }
}

/** Restarts the server and checks it delivers at once (seconds, not the 5-minute lease). */
async function restartAndDeliver() {
  const started = Date.now();
  const restarted = runChild('none');
  await restarted.waitFor('done');
  expect(await restarted.exited).toBe(0);
  return Date.now() - started;
}

const messageIds = () => smtp.messages.map((m) => m.headers.get('message-id'));

function crashSuite(kind: 'sqlite' | 'postgres') {
  it('killed after claiming, before sending: the restart sends it once, at once', async () => {
    const first = runChild('before-send', { SUBSCRIBE: 'ada@example.org' });
    await first.waitFor('claimed');
    // Claimed by the process about to die: a lease naming it (SQLite), a row lock (PostgreSQL).
    if (kind === 'sqlite') expect((await outboxRow())!.lease_id).toMatch(/\|/);
    await first.kill();
    expect(smtp.messages).toHaveLength(0);
    expect(await restartAndDeliver()).toBeLessThan(20_000);
    expect(smtp.messages).toHaveLength(1);
    expect(messageIds()[0]).toMatch(/^<[0-9a-f]{32}@landsat-on-the-fly>$/);
    expect(await outboxRow()).toMatchObject({ status: 'sent', lease_id: null });
  });

  it('killed while the SMTP server stalls: nothing was accepted, the restart sends it once without waiting out a lease', async () => {
    smtp.stallNext = 1;
    const first = runChild('stall', { SUBSCRIBE: 'ada@example.org' });
    await until(() => smtp.stalled === 1, 'the SMTP server to receive the stalled message');
    await first.kill();
    expect(smtp.messages).toHaveLength(0);
    await restartAndDeliver();
    expect(smtp.messages).toHaveLength(1);
    expect(await outboxRow()).toMatchObject({ status: 'sent' });
  });

  it('killed after the SMTP server accepted, before the mark: the one window that repeats, with the same Message-ID', async () => {
    const first = runChild('after-accept', { SUBSCRIBE: 'ada@example.org' });
    await first.waitFor('accepted');
    await first.kill();
    expect(smtp.messages).toHaveLength(1);
    expect((await outboxRow())!.status).toBe('pending');
    await restartAndDeliver();
    expect(smtp.messages).toHaveLength(2);
    expect(messageIds()[1]).toBe(messageIds()[0]);
    expect(await outboxRow()).toMatchObject({ status: 'sent' });
  });

  it('killed after the mark: the restart sends nothing more', async () => {
    const first = runChild('after-mark', { SUBSCRIBE: 'ada@example.org' });
    await first.waitFor('accepted');
    await until(async () => (await outboxRow())?.status === 'sent', 'the row to be marked sent');
    await first.kill();
    await restartAndDeliver();
    expect(smtp.messages).toHaveLength(1);
    expect((await outboxRow())!.message_id).toBe(messageIds()[0]);
  });
}

describe('outbox delivery across a crash on SQLite (real process, real SMTP server)', () => {
  crashSuite('sqlite');
});

describe('outbox delivery across a crash on PostgreSQL (real process, real SMTP server, real PostgreSQL)', () => {
  beforeAll(async () => {
    postgres = await startPostgresTestServer();
  });
  afterAll(async () => {
    await postgres?.close();
    postgres = undefined;
  });
  crashSuite('postgres');
});
