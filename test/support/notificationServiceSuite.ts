/**
 * Test support: the notification service's behaviour, run on SQLite (notificationService.test.ts) and on a
 * real PostgreSQL server (notificationService.postgres.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { predictOverpasses, type Overpass } from '../../src/core/overpass/overpass.js';
import { createMailer } from '../../src/server/mail/createMailer.js';
import type { Mailer } from '../../src/server/mail/mailer.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from './startSmtpTestServer.js';
import type { SqlStore, StoreKind } from '../../src/server/store/sqlStore.js';
import { createMemorySceneCatalog, sceneAt, type MemorySceneCatalog } from './createMemorySceneCatalog.js';
import { createNotificationService, type NotificationService } from '../../src/server/notifications/notificationService.js';

const PUBLIC_URL = 'https://landsat.example.org';
const POINT = { lat: 45.3267, lon: -79.2165 };
const HOUR = 3_600_000;

export interface ServiceSuiteHarness {
  kind: StoreKind;
  /** A store named `name` for the test whose temporary folder is `dir` (the same one on every call). */
  open(name: string, dir: string): Promise<SqlStore>;
}

export function notificationServiceSuite(harness: ServiceSuiteHarness): void {
  let smtp: SmtpTestServer;
  let dir: string;
  let clockMs: number;
  const clock = { now: () => new Date(clockMs) };
  const toClose: Array<() => unknown> = [];

  beforeEach(async () => {
    smtp = await startSmtpTestServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notif-test-'));
    clockMs = Date.parse('2024-03-10T00:00:00Z');
  });
  afterEach(async () => {
    for (const close of toClose.splice(0).reverse()) await close();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function setup(opts: { catalog?: MemorySceneCatalog; mailer?: Mailer; dbName?: string } = {}) {
    const db = await harness.open(opts.dbName ?? 'landsat', dir);
    const mailer = opts.mailer ?? createMailer({ smtpUrl: smtp.url, outboxDir: path.join(dir, 'outbox'), from: 'Landsat <noreply@example.org>' });
    const catalog = opts.catalog ?? createMemorySceneCatalog();
    const service = createNotificationService({ db, mailer, clock, catalog, publicUrl: PUBLIC_URL });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await service.stop();
      mailer.close();
      await db.close();
    };
    toClose.push(close);
    return { db, mailer, catalog, service, close };
  }

  /** id and token from a link of ours. */
  function parseLink(link: string) {
    const url = new URL(link);
    const m = /^\/api\/notifications\/([^/]+)(?:\/(confirm|unsubscribe))?$/.exec(url.pathname)!;
    return { id: decodeURIComponent(m[1]), action: m[2] ?? 'view', token: url.searchParams.get('token')! };
  }
  const linkOf = (mail: ReceivedMail, action: string) => mail.links.find((l) => l.startsWith(PUBLIC_URL + '/api/') && parseLink(l).action === action)!;

  /** The first predicted pass after `fromMs` (the same predictor the server uses). */
  function firstPassAfter(fromMs: number): Overpass {
    return predictOverpasses([POINT.lon, POINT.lat], new Date(fromMs), 17)
      .filter((p) => Date.parse(p.datetime) > fromMs)
      .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.row - b.row)[0];
  }
  const prePassSubject = (p: Overpass) => {
    const t = new Date(p.datetime).toISOString();
    return `Landsat ${p.satellite.slice(-1)} passes over (45.326700, -79.216500) on ${t.slice(0, 10)} at ${t.slice(11, 16)} UTC (WRS-2 ${p.path}/${p.row})`;
  };
  const settle = () => new Promise((r) => setTimeout(r, 50));

  async function subscribeAndConfirm(service: NotificationService, email = 'ada@example.org', cloudCoverage = 50, leadTime: '2' | '6' | '12' | '24' = '6') {
    const before = smtp.messages.length;
    const { id } = await service.subscribe({ email, leadTime, cloudCoverage, ...POINT });
    const [, confirmation] = [before, (await smtp.waitFor(before + 1))[before]];
    const link = parseLink(linkOf(confirmation, 'confirm'));
    expect(link.id).toBe(id);
    const view = await service.confirm(link.id, link.token);
    return { id, confirmation, view };
  }

    it('confirms, alerts before the pass, reports the new scene, then stops after unsubscribe', async () => {
      const { service, catalog, db } = await setup();
      const { id } = await service.subscribe({ email: 'ada@example.org', leadTime: '6', cloudCoverage: 50, ...POINT });
      const [confirmation] = await smtp.waitFor(1);
      expect(confirmation.envelopeTo).toEqual(['ada@example.org']);
      expect(confirmation.subject).toBe('Confirm your Landsat overpass alerts for (45.326700, -79.216500)');
      const confirmLink = linkOf(confirmation, 'confirm');
      expect(confirmLink).toMatch(new RegExp(`^${PUBLIC_URL}/api/notifications/${id}/confirm\\?token=[A-Za-z0-9_-]{43}$`));

      // Double opt-in: nothing is scheduled or sent before the link is followed.
      clockMs += 3 * 24 * HOUR;
      await service.tick();
      await settle();
      expect(smtp.messages).toHaveLength(1);
      expect(await db.get('SELECT CAST(count(*) AS INTEGER) AS n FROM outbox')).toEqual({ n: 1 });

      const { token } = parseLink(confirmLink);
      const view = await service.confirm(id, token);
      expect(view.status).toBe('active');
      const pass = firstPassAfter(clockMs);
      expect(view.nextPasses[0].datetime).toBe(new Date(pass.datetime).toISOString());
      const alertAt = Date.parse(pass.datetime) - 6 * HOUR;
      expect(alertAt).toBeGreaterThan(clockMs); // the test below relies on the alert being in the future

      clockMs = alertAt - 60_000;
      await service.tick();
      await settle();
      expect(smtp.messages).toHaveLength(1);

      clockMs = alertAt;
      await service.tick();
      const [, prePass] = await smtp.waitFor(2);
      expect(prePass.subject).toBe(prePassSubject(pass));
      expect(prePass.envelopeTo).toEqual(['ada@example.org']);
      expect(prePass.headers.get('list-unsubscribe')).toBe(`<${linkOf(prePass, 'unsubscribe')}>`);
      // Each email's links carry a token of their own that works.
      const viewLink = parseLink(linkOf(prePass, 'view'));
      expect(viewLink.token).not.toBe(token);
      expect((await service.view(viewLink.id, viewLink.token)).status).toBe('active');

      // After the pass the archive is polled; nothing yet.
      clockMs = Date.parse(pass.datetime) + 2 * HOUR;
      await service.tick();
      expect(catalog.queries.length).toBeGreaterThan(0);
      expect(catalog.queries.at(-1)!.maxCloudCover).toBe(100);
      expect(smtp.messages).toHaveLength(2);

      // The scene appears with 12 % cloud: "your new scene is ready".
      catalog.add(sceneAt({ ...POINT, satellite: pass.satellite, path: pass.path, row: pass.row, datetime: pass.datetime, cloudCover: 12 }));
      clockMs += 2 * HOUR;
      await service.tick();
      const [, , ready] = await smtp.waitFor(3);
      const date = new Date(pass.datetime).toISOString().slice(0, 10);
      expect(ready.subject).toBe(`Your new Landsat ${pass.satellite.slice(-1)} scene of (45.326700, -79.216500) is ready: 12.0% cloud cover`);
      expect(ready.text).toContain('Your new scene is ready');
      expect(ready.text).not.toContain('synthetic');
      expect(ready.links).toContain(`${PUBLIC_URL}/?lat=45.326700&lon=-79.216500&startDate=${date}&endDate=${date}&size=3x3&cloud=50`);

      // One click on the unsubscribe link of the last email, then silence for weeks.
      const unsub = parseLink(linkOf(ready, 'unsubscribe'));
      expect((await service.unsubscribe(unsub.id, unsub.token)).status).toBe('unsubscribed');
      for (let i = 0; i < 20 * 4; i++) {
        clockMs += 6 * HOUR;
        await service.tick();
      }
      await settle();
      expect(smtp.messages).toHaveLength(3);
      expect(await db.get("SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE status = 'pending'")).toEqual({ n: 0 });
    });

    it('says a scene was too cloudy, labels synthetic scenes, and gives up after 7 days without one', async () => {
      const catalog = createMemorySceneCatalog({ synthetic: true });
      const { service } = await setup({ catalog });
      await subscribeAndConfirm(service, 'bob@example.org', 30, '24');
      const first = firstPassAfter(clockMs);
      const second = predictOverpasses([POINT.lon, POINT.lat], new Date(first.datetime), 20)
        .filter((p) => Date.parse(p.datetime) > Date.parse(first.datetime) + HOUR)
        .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.row - b.row)[0];
      catalog.add(sceneAt({ ...POINT, satellite: first.satellite, path: first.path, row: first.row, datetime: first.datetime, cloudCover: 80.4, synthetic: true }));

      clockMs = Date.parse(second.datetime) + 8 * 24 * HOUR;
      // Tick through the period every 3 hours, as the server would (more often, in practice).
      const end = clockMs;
      clockMs = Date.parse(first.datetime) - 30 * HOUR;
      while (clockMs <= end) {
        await service.tick();
        clockMs += 3 * HOUR;
      }
      await settle();
      const subjects = smtp.messages.map((m) => m.subject);
      const cloudy = smtp.messages.find((m) => m.subject.includes('too cloudy'))!;
      expect(cloudy.subject).toBe(`The new Landsat ${first.satellite.slice(-1)} scene of (45.326700, -79.216500) was too cloudy: 80.4% cloud cover (synthetic demo scene)`);
      expect(cloudy.text).toContain('synthetic demo scene');
      const d2 = new Date(second.datetime).toISOString().slice(0, 10);
      expect(subjects).toContain(`No new Landsat ${second.satellite.slice(-1)} scene of (45.326700, -79.216500) appeared after the ${d2} pass`);
      expect(subjects).toContain(prePassSubject(first));
      expect(subjects).toContain(prePassSubject(second));
      // Exactly once each.
      expect(new Set(subjects).size).toBe(subjects.length);
    });

    // SQLite leases (PostgreSQL holds row locks instead: replicas.test.ts kills a replica mid-pass).
    if (harness.kind === 'sqlite') it('sends a scheduled alert exactly once across a restart, and resends one whose sender died mid-send', async () => {
      const dbName = 'restart';
      const a = await setup({ dbName });
      clockMs = Date.parse(firstPassAfter(clockMs).datetime) - 30 * HOUR;
      const { id } = await subscribeAndConfirm(a.service);
      await a.service.tick(); // schedules the alerts into the outbox
      const pass = firstPassAfter(clockMs);
      const alertAt = Date.parse(pass.datetime) - 6 * HOUR;
      const key = `prepass:${id}:${pass.satellite}:${pass.path}:${pass.row}:${new Date(pass.datetime).toISOString().slice(0, 10)}`;
      expect(await a.db.get('SELECT status FROM outbox WHERE idempotency_key = ?', [key])).toEqual({ status: 'pending' });
      await a.close(); // "crash" between scheduling and sending

      // A process that claims the alert, then dies before the SMTP server answers.
      let sendCalled!: () => void;
      const called = new Promise<void>((r) => (sendCalled = r));
      const hanging: Mailer = { kind: 'smtp', send: () => (sendCalled(), new Promise(() => {})), close() {} };
      const b = await setup({ dbName, mailer: hanging });
      toClose.pop(); // its round never ends: the process is simply abandoned
      clockMs = alertAt;
      void b.service.tick();
      await called;
      await b.db.close(); // the process is gone; its lease stays in the file

      // The restarted server takes over the dead sender's lease at once, not after the 5-minute lease.
      const c = await setup({ dbName });
      clockMs = alertAt + 60_000;
      await c.service.tick();
      await settle();
      expect(smtp.messages.filter((m) => m.subject === prePassSubject(pass))).toHaveLength(1);
      await c.service.tick();
      await settle();
      expect(smtp.messages.filter((m) => m.subject === prePassSubject(pass))).toHaveLength(1);
      const row = await c.db.get('SELECT status, text_body, attempts FROM outbox WHERE idempotency_key = ?', [key]);
      expect(row).toEqual({ status: 'sent', text_body: null, attempts: 1 });
    });

    it('retries an SMTP failure with backoff and records it', async () => {
      const { service, db } = await setup();
      smtp.failNext = 2;
      const t0 = clockMs;
      await service.subscribe({ email: 'cy@example.org', leadTime: '2', cloudCoverage: 10, ...POINT });
      await settle();
      await service.stop(); // wait for the first delivery round
      const row = async () => (await db.get("SELECT status, attempts, last_error, next_attempt_at FROM outbox WHERE kind = 'confirm'")) as Record<string, unknown>;
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(t0 + 60_000).toISOString() });
      expect(String((await row()).last_error)).toContain('451');
      expect(smtp.messages).toHaveLength(0);

      clockMs = t0 + 30_000; // not yet due
      await service.tick();
      expect((await row()).attempts).toBe(1);
      clockMs = t0 + 60_000;
      await service.tick();
      expect(await row()).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: new Date(t0 + 180_000).toISOString() });
      clockMs = t0 + 180_000;
      await service.tick();
      expect(await row()).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0].envelopeTo).toEqual(['cy@example.org']);
    });

    it('gives up on an email after maxAttempts and records it as failed', async () => {
      const db = await harness.open('failing', dir);
      const mailer: Mailer = { kind: 'smtp', send: async () => Promise.reject(new Error('550 mailbox unavailable')), close() {} };
      const service = createNotificationService({ db, mailer, clock, catalog: createMemorySceneCatalog(), publicUrl: PUBLIC_URL, policy: { maxAttempts: 2 } });
      toClose.push(async () => (await service.stop(), await db.close()));
      await service.subscribe({ email: 'fay@example.org', leadTime: '12', cloudCoverage: 5, ...POINT });
      await service.stop();
      clockMs += 60_000;
      await service.tick();
      expect(await db.get("SELECT status, attempts, last_error FROM outbox WHERE kind = 'confirm'")).toEqual({
        status: 'failed',
        attempts: 2,
        last_error: '550 mailbox unavailable',
      });
    });

    it('answers a duplicate subscription the same way, sends nothing revealing, and does not double alerts', async () => {
      const { service } = await setup();
      clockMs = Date.parse(firstPassAfter(clockMs).datetime) - 30 * HOUR;
      const first = await subscribeAndConfirm(service, 'dee@example.org');
      const second = await subscribeAndConfirm(service, 'Dee@Example.org');
      const fresh = await service.subscribe({ email: 'new@example.org', leadTime: '6', cloudCoverage: 50, ...POINT });
      const [, , freshMail] = await smtp.waitFor(3);
      // Same answer shape and the same confirmation email whether or not the address already subscribed.
      expect(Object.keys(fresh)).toEqual(['id', 'status']);
      expect(second.id).not.toBe(first.id);
      const normalise = (m: ReceivedMail) => m.text.replace(/\/api\/notifications\/[^\s]+/g, 'LINK');
      expect(normalise(second.confirmation)).toBe(normalise(first.confirmation));
      expect(normalise(freshMail)).toBe(normalise(first.confirmation));
      expect(second.confirmation.subject).toBe(freshMail.subject);
      // The duplicate was folded into the first: one alert per pass, and its links still work.
      expect(second.view.id).toBe(first.id);
      const pass = firstPassAfter(clockMs);
      clockMs = Date.parse(pass.datetime) - 6 * HOUR;
      await service.tick();
      await settle();
      expect(smtp.messages.filter((m) => m.subject === prePassSubject(pass))).toHaveLength(1);
      const secondLink = parseLink(linkOf(second.confirmation, 'unsubscribe'));
      expect((await service.unsubscribe(secondLink.id, secondLink.token)).status).toBe('unsubscribed');
      const firstLink = parseLink(linkOf(first.confirmation, 'view'));
      expect((await service.view(firstLink.id, firstLink.token)).status).toBe('unsubscribed');
    });

    it('sends one confirmation per mailbox per hour whatever the spelling, answers the same 201, never locks the owner out', async () => {
      const { service } = await setup();
      const ask = (email: string) => service.subscribe({ email, leadTime: '2', cloudCoverage: 0, ...POINT });
      const first = await ask('eve@example.org');
      await smtp.waitFor(1);
      // Other spellings of the same mailbox: the same answer, no further email.
      for (const spelling of ['EVE@example.org', 'eve+1@example.org', 'Eve+2@Example.ORG', ' eve+x@example.org ']) {
        const answer = await ask(spelling);
        expect(Object.keys(answer)).toEqual(['id', 'status']);
        expect(answer.status).toBe('pending');
        expect(answer.id).not.toBe(first.id);
      }
      await settle();
      expect(smtp.messages).toHaveLength(1);
      // Gmail ignores dots and googlemail.com is gmail.com.
      await ask('j.doe@gmail.com');
      await ask('jdoe+promo@googlemail.com');
      await ask('J.D.O.E@gmail.com');
      await smtp.waitFor(2);
      await service.stop(); // let delivery rounds finish
      await settle();
      expect(smtp.messages.map((m) => m.envelopeTo[0])).toEqual(['eve@example.org', 'j.doe@gmail.com']);

      // An hour later the owner can ask again (nobody is locked out for a day).
      clockMs += 61 * 60_000;
      await ask('eve@example.org');
      await smtp.waitFor(3);
      // Once the owner confirms, their next request is sent at once: a confirmed owner is never held back.
      const latest = smtp.messages[2];
      const link = parseLink(linkOf(latest, 'confirm'));
      expect((await service.confirm(link.id, link.token)).status).toBe('active');
      await ask('eve+garden@example.org');
      await smtp.waitFor(4);
      expect(smtp.messages[3].envelopeTo).toEqual(['eve+garden@example.org']);
    });

    it('refuses wrong tokens without telling ids apart', async () => {
      const { service } = await setup();
      const { id } = await service.subscribe({ email: 'eve@example.org', leadTime: '2', cloudCoverage: 0, ...POINT });
      await expect(service.confirm(id, 'x'.repeat(43))).rejects.toMatchObject({ statusCode: 404, code: 'not_found' });
      await expect(service.confirm('no-such-id', 'x'.repeat(43))).rejects.toMatchObject({ statusCode: 404, code: 'not_found' });
    });
}
