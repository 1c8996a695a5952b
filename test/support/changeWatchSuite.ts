/**
 * Test support: change watches (issue 34 item 6) through the notification service, with a real SMTP
 * server and a moved clock, run on SQLite (changeWatch.test.ts) and on a real PostgreSQL server
 * (changeWatch.postgres.test.ts), as the pass alerts are (notificationServiceSuite.ts).
 *
 * The point's record is made here: ten years of clear observations every 16 days with a seasonal cycle,
 * then, from the day after the subscription, a step (NIR -0.15, SWIR1 +0.08, thermal +5 K). Each pass
 * after that brings one more observation (its scene appears in the in-memory archive). CCDC's rule
 * needs six anomalous observations in a row at least (pyccd also waits for its model window to reach
 * the last unchanged one), so no email may come before the sixth scene; one must come within twelve,
 * say the date of the first anomalous observation and the step per band, and never come again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { predictOverpasses, type Overpass } from '../../src/core/overpass/overpass.js';
import type { ChangeObservation } from '../../src/core/change/detectChanges.js';
import { createMailer } from '../../src/server/mail/createMailer.js';
import type { SqlStore, StoreKind } from '../../src/server/store/sqlStore.js';
import { createNotificationService } from '../../src/server/notifications/notificationService.js';
import { createMemorySceneCatalog, sceneAt } from './createMemorySceneCatalog.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from './startSmtpTestServer.js';

const PUBLIC_URL = 'https://landsat.example.org';
const POINT = { lat: 45.3267, lon: -79.2165 };
const HOUR = 3_600_000;
const DAY = 86_400_000;
const START = '2024-03-10T00:00:00Z';
const STEP = { B04: 0.04, B05: -0.15, B06: 0.08, B07: 0.05, B09: 5 } as const;

/** A deterministic wobble (+-0.015 reflectance, +-1.5 K), about the scatter of real clear observations. */
const wobble = (day: number, band: number) => (((Math.sin(day * 12.9898 + band * 78.233) * 43758.5453) % 1) - 0.5) * 0.03;

function observation(date: string, stepFrom: string): ChangeObservation {
  const day = Date.parse(`${date}T00:00:00Z`) / DAY;
  const season = Math.sin((2 * Math.PI * day) / 365.25);
  const after = date >= stepFrom ? 1 : 0;
  return {
    date,
    B02: 0.03 + 0.005 * season + wobble(day, 2),
    B03: 0.05 + 0.01 * season + wobble(day, 3),
    B04: 0.04 + 0.01 * season + wobble(day, 4) + after * STEP.B04,
    B05: 0.3 + 0.06 * season + wobble(day, 5) + after * STEP.B05,
    B06: 0.15 + 0.02 * season + wobble(day, 6) + after * STEP.B06,
    B07: 0.07 + 0.01 * season + wobble(day, 7) + after * STEP.B07,
    B09: 285 + 10 * season + wobble(day, 9) * 100 + after * STEP.B09,
    qa: 21824,
  };
}

export function changeWatchSuite(harness: { kind: StoreKind; open(name: string, dir: string): Promise<SqlStore> }): void {
  let smtp: SmtpTestServer;
  let dir: string;
  let clockMs: number;
  const clock = { now: () => new Date(clockMs) };
  const toClose: Array<() => unknown> = [];

  beforeEach(async () => {
    smtp = await startSmtpTestServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'change-watch-'));
    clockMs = Date.parse(START);
  });
  afterEach(async () => {
    for (const close of toClose.splice(0).reverse()) await close();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const parseLink = (link: string) => {
    const url = new URL(link);
    const m = /^\/api\/notifications\/([^/]+)(?:\/(confirm|unsubscribe))?$/.exec(url.pathname)!;
    return { id: decodeURIComponent(m[1]), action: m[2] ?? 'view', token: url.searchParams.get('token')! };
  };
  const linkOf = (mail: ReceivedMail, action: string) => mail.links.find((l) => l.startsWith(`${PUBLIC_URL}/api/`) && parseLink(l).action === action)!;
  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('emails "possible change since DATE" once, never before the sixth anomalous scene, and nothing after unsubscribing', async () => {
    const db = await harness.open('landsat', dir);
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: path.join(dir, 'outbox'), from: 'Landsat <noreply@example.org>' });
    const catalog = createMemorySceneCatalog();
    // The record: every 16 days (one satellite's revisit) for ten years before the subscription, then one
    // observation per scene. (At 16 days CCDC looks 6 observations ahead; pyccd's adjustpeek lengthens
    // that for denser records, e.g. 12 at 8 days.)
    const stepFrom = new Date(Date.parse(START) + DAY).toISOString().slice(0, 10);
    const dates = new Set<string>();
    for (let t = Date.parse('2014-01-05T00:00:00Z'); t < Date.parse(START); t += 16 * DAY) dates.add(new Date(t).toISOString().slice(0, 10));
    const seriesCalls: string[] = [];
    const changeSeries = async (lat: number, lon: number, endDate: string) => {
      expect([lat, lon]).toEqual([POINT.lat, POINT.lon]);
      seriesCalls.push(endDate);
      return [...dates].filter((d) => d <= endDate).sort().map((d) => observation(d, stepFrom));
    };
    const service = createNotificationService({ db, mailer, clock, catalog, publicUrl: PUBLIC_URL, changeSeries });
    toClose.push(async () => {
      await service.stop();
      mailer.close();
      await db.close();
    });

    // Two people watch the point for change; Bob will unsubscribe before the change is confirmed.
    const subscribers: Record<string, { id: string; confirmation: ReceivedMail }> = {};
    for (const email of ['ada@example.org', 'bob@example.org']) {
      const before = smtp.messages.length;
      const { id } = await service.subscribe({ email, leadTime: '6', cloudCoverage: 50, ...POINT, watch: 'change' });
      const confirmation = (await smtp.waitFor(before + 1))[before];
      expect(confirmation.subject).toBe('Confirm your Landsat change alerts for (45.326700, -79.216500)');
      const link = parseLink(linkOf(confirmation, 'confirm'));
      const view = await service.confirm(link.id, link.token);
      expect(view).toMatchObject({ status: 'active', watch: 'change' });
      subscribers[email] = { id, confirmation };
    }

    // The passes over the point, each followed by its scene in the archive.
    const passes: Overpass[] = predictOverpasses([POINT.lon, POINT.lat], new Date(clockMs), 150)
      .filter((p) => Date.parse(p.datetime) > clockMs)
      .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime));
    const sceneDays: string[] = [];
    const changeMails = () => smtp.messages.filter((m) => m.subject.startsWith('Possible change'));
    let added = 0;
    /** Moves the clock in 6-hour ticks until `count` scenes have appeared and been checked. */
    async function runUntilScenes(count: number) {
      while (added < count || clockMs < Date.parse(passes[count - 1].datetime) + 3 * HOUR) {
        clockMs += 6 * HOUR;
        while (added < passes.length && Date.parse(passes[added].datetime) + HOUR <= clockMs) {
          const p = passes[added++];
          const day = p.datetime.slice(0, 10);
          // Two passes on one day (adjacent paths) are one observation of the pixel.
          if (!sceneDays.includes(day)) sceneDays.push(day);
          dates.add(day);
          catalog.add(sceneAt({ ...POINT, satellite: p.satellite, path: p.path, row: p.row, datetime: p.datetime, cloudCover: 10 }));
        }
        await service.tick();
      }
      await settle();
    }

    // Five observations after the step: anomalies, but not yet a change by CCDC's rule.
    const passesForDays = (n: number) => {
      const days = new Set<string>();
      for (let i = 0; i < passes.length; i++) {
        days.add(passes[i].datetime.slice(0, 10));
        if (days.size !== n) continue;
        let last = i;
        while (last + 1 < passes.length && passes[last + 1].datetime.slice(0, 10) === passes[i].datetime.slice(0, 10)) last++;
        return last + 1;
      }
      throw new Error('not enough passes');
    };
    await runUntilScenes(passesForDays(5));
    expect(seriesCalls.length).toBeGreaterThan(0);
    expect(changeMails()).toHaveLength(0);

    const bob = smtp.messages.filter((m) => m.envelopeTo[0] === 'bob@example.org').at(-1)!;
    const unsub = parseLink(linkOf(bob, 'unsubscribe'));
    expect((await service.unsubscribe(unsub.id, unsub.token)).status).toBe('unsubscribed');

    // Scene by scene until the change is confirmed (at most twelve observations after the step).
    let days = 5;
    while (changeMails().length === 0 && days < 12) await runUntilScenes(passesForDays(++days));
    expect(days).toBeGreaterThanOrEqual(6);
    expect(changeMails()).toHaveLength(1);
    const [mail] = changeMails();
    expect(mail.envelopeTo).toEqual(['ada@example.org']);
    // Dated by the first observation after the step.
    expect(mail.subject).toBe(`Possible change since ${sceneDays[0]} at (45.326700, -79.216500)`);
    expect(mail.text).toMatch(/NIR -0\.1[3-7]/);
    expect(mail.text).toMatch(/SWIR1 \+0\.(0[6-9]|10)/);
    expect(mail.text).toMatch(/thermal \+[3-7]\.\d K/);
    expect(mail.links).toContain(`${PUBLIC_URL}/?lat=45.326700&lon=-79.216500#what-changed`);
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${linkOf(mail, 'unsubscribe')}>`);

    // Later scenes of the same change: no second email. And never a pass alert for a change watch.
    await runUntilScenes(passesForDays(days + 4));
    expect(changeMails()).toHaveLength(1);
    expect(smtp.messages.map((m) => m.subject).filter((s) => !s.startsWith('Confirm') && !s.startsWith('Possible change'))).toEqual([]);
    expect(await db.get("SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE kind = 'change'")).toEqual({ n: 1 });
  });
}
