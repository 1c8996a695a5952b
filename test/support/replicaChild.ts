/**
 * Test support for replicas.test.ts: one server replica as its own process, running the real
 * notification service on PostgreSQL (DATABASE_URL) and real SMTP (SMTP_URL), its scheduler ticking
 * every TICK_MS. Time is simulated as in the other notification tests: the clock reads the instant the
 * test writes to SIM_CLOCK_FILE, so the test can move both replicas through days of passes in seconds.
 *
 * The archive is an in-memory catalogue holding a scene (12 % cloud) for every predicted pass over the
 * point between SCENES_FROM and SCENES_TO; each search takes SLOW_SEARCH_MS, so the test can kill a
 * replica in the middle of a pass. Stdout, one line each: "ready", "searching", "ticked <iso>".
 */
import fs from 'node:fs';
import { predictOverpasses } from '../../src/core/overpass/overpass.js';
import { createMailer } from '../../src/server/mail/createMailer.js';
import { openPostgresStore } from '../../src/server/store/openPostgresStore.js';
import { createMemorySceneCatalog, sceneAt } from './createMemorySceneCatalog.js';
import { createNotificationService } from '../../src/server/notifications/notificationService.js';

const env = (name: string) => process.env[name] ?? (() => { throw new Error(`${name} is required`); })();
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const clockFile = env('SIM_CLOCK_FILE');
const clock = { now: () => new Date(fs.readFileSync(clockFile, 'utf8').trim()) };
const point = { lat: Number(env('POINT_LAT')), lon: Number(env('POINT_LON')) };
const slowMs = Number(process.env.SLOW_SEARCH_MS ?? 0);

const memory = createMemorySceneCatalog();
const from = new Date(env('SCENES_FROM'));
const days = (Date.parse(env('SCENES_TO')) - from.getTime()) / 86_400_000;
for (const p of predictOverpasses([point.lon, point.lat], from, days)) {
  memory.add(sceneAt({ ...point, satellite: p.satellite, path: p.path, row: p.row, datetime: new Date(p.datetime).toISOString(), cloudCover: 12 }));
}
const catalog = {
  ...memory,
  name: memory.name,
  synthetic: memory.synthetic,
  async search(query: Parameters<typeof memory.search>[0]) {
    say('searching');
    await sleep(slowMs);
    return memory.search(query);
  },
};

const db = await openPostgresStore(env('DATABASE_URL'));
const mailer = createMailer({ smtpUrl: env('SMTP_URL'), outboxDir: '/nonexistent', from: 'Landsat <noreply@example.org>' });
const service = createNotificationService({ db, mailer, clock, catalog, publicUrl: 'https://landsat.example.org' });
say('ready');
const tickMs = Number(process.env.TICK_MS ?? 100);
for (;;) {
  const startedAt = clock.now().toISOString();
  await service.tick().catch((err: unknown) => process.stderr.write(`tick failed: ${String(err)}\n`));
  say(`ticked ${startedAt}`);
  await sleep(tickMs);
}
