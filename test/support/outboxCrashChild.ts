/**
 * Test support for outboxCrash.test.ts: a separate process running the real outbox (SQLite or PostgreSQL store,
 * nodemailer over SMTP, the notification service) that the test kills with SIGKILL at a chosen step.
 *
 *   CRASH_STEP=before-send   claim the confirmation email, then stop just before handing it to SMTP
 *   CRASH_STEP=after-accept  stop after the SMTP server accepted it, before the row is marked sent
 *   CRASH_STEP=none          run normally (the restarted server): deliver everything due, print "done", exit
 *
 * Progress goes to stdout one word a line ("subscribed", "claimed", "accepted", "done") for the test to
 * wait on. `stall` and `after-mark` need no hook: the test stalls its SMTP server, or watches the file.
 */
import type { Mailer } from '../../src/server/mail/mailer.js';
import { createMailer } from '../../src/server/mail/createMailer.js';
import { openStore } from '../../src/server/store/openStore.js';
import { createMemorySceneCatalog } from './createMemorySceneCatalog.js';
import { createNotificationService } from '../../src/server/notifications/notificationService.js';

const step = process.env.CRASH_STEP ?? 'none';
const say = (word: string) => process.stdout.write(`${word}\n`);
const forever = () => new Promise<never>(() => {});

// DATABASE_URL (PostgreSQL) when set, else the SQLite file DATABASE_PATH.
const db = await openStore({ databaseUrl: process.env.DATABASE_URL, databasePath: process.env.DATABASE_PATH! });
const real = createMailer({ smtpUrl: process.env.SMTP_URL, outboxDir: '/nonexistent', from: 'Landsat <noreply@example.org>' });
const mailer: Mailer = {
  kind: 'smtp',
  async send(message) {
    say('claimed');
    if (step === 'before-send') return forever();
    const result = await real.send(message);
    say('accepted');
    if (step === 'after-accept') return forever();
    return result;
  },
  close: () => real.close(),
};
const service = createNotificationService({
  db,
  mailer,
  clock: { now: () => new Date() },
  catalog: createMemorySceneCatalog(),
  publicUrl: 'https://landsat.example.org',
});

const pending = async () => (await db.get<{ n: number }>("SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE status = 'pending'"))!.n;

if (process.env.SUBSCRIBE) {
  await service.subscribe({ email: process.env.SUBSCRIBE, leadTime: '6', cloudCoverage: 50, lat: 45.3267, lon: -79.2165 });
  say('subscribed');
}
if (step === 'none') {
  // The restarted server: one round as at start (it must not wait out the dead process's lease).
  await service.tick();
  say((await pending()) === 0 ? 'done' : 'still-pending');
  await service.stop();
  real.close();
  await db.close();
} else {
  await forever();
}
