import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { LngLat } from '../../core/geo/lngLat.js';
import { predictOverpasses as corePredictOverpasses, type Overpass } from '../../core/overpass/overpass.js';
import type { LandsatScene } from '../../core/stac/landsatScene.js';
import type { SceneCatalog } from '../../core/stac/sceneCatalog.js';
import type { LeadTimeHours } from '../../shared/defaults.js';
import { ApiError } from '../apiError.js';
import { silentLogger, type Logger, type Mailer } from '../mail/mailer.js';
import type { Store } from '../store/openStore.js';
import {
  confirmationEmail,
  noSceneEmail,
  prePassEmail,
  sceneReadyEmail,
  tooCloudyEmail,
  type RenderedEmail,
  type SubscriptionPoint,
} from './emailTemplates.js';

export interface Clock {
  now(): Date;
}

export interface SubscribeInput {
  email: string;
  leadTime: LeadTimeHours;
  /** Largest scene cloud cover the subscriber wants to hear about, percent 0-100. */
  cloudCoverage: number;
  lat: number;
  lon: number;
}

export type SubscriptionStatus = 'pending' | 'active' | 'unsubscribed' | 'expired';

export interface UpcomingPass {
  satellite: Overpass['satellite'];
  path: number;
  row: number;
  /** ISO UTC time of the pass. */
  datetime: string;
  /** ISO UTC time the alert email is due. */
  alertAt: string;
}

export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  email: string;
  lat: number;
  lon: number;
  leadTime: LeadTimeHours;
  cloudCoverage: number;
  createdAt: string;
  confirmedAt: string | null;
  /** Next passes that will be announced (active subscriptions only). */
  nextPasses: UpcomingPass[];
}

export interface NotificationPolicy {
  /** How far ahead passes are put in the outbox; must exceed the longest lead time. */
  scheduleHorizonDays: number;
  /** First archive check after a pass, then every `watchIntervalMs` until `watchGiveUpDays`. */
  watchFirstCheckDelayMs: number;
  watchIntervalMs: number;
  watchGiveUpDays: number;
  /** Unconfirmed subscriptions are dropped after this. */
  pendingExpiryMs: number;
  /** Subscription requests accepted per address per `addressWindowMs`. */
  maxRequestsPerAddress: number;
  addressWindowMs: number;
  /** A claimed email not marked sent within this is claimed again (the sender crashed). */
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  batchSize: number;
}

export const defaultNotificationPolicy: NotificationPolicy = {
  scheduleHorizonDays: 2,
  watchFirstCheckDelayMs: 60 * 60_000,
  watchIntervalMs: 60 * 60_000,
  watchGiveUpDays: 7,
  pendingExpiryMs: 7 * 86_400_000,
  maxRequestsPerAddress: 5,
  addressWindowMs: 86_400_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 3_600_000,
  batchSize: 25,
};

export interface NotificationServiceOptions {
  db: Store;
  mailer: Mailer;
  clock: Clock;
  catalog: SceneCatalog;
  /** Base URL of the page and API as seen by email readers, e.g. https://landsat.example.org */
  publicUrl: string;
  logger?: Logger;
  /** Defaults to the WRS-2 acquisition schedule in src/core/overpass. */
  predictOverpasses?: (lngLat: LngLat, from: Date, days: number) => Overpass[];
  policy?: Partial<NotificationPolicy>;
}

export interface NotificationService {
  subscribe(input: SubscribeInput): Promise<{ id: string; status: 'pending' }>;
  confirm(id: string, token: string): Promise<SubscriptionView>;
  view(id: string, token: string): Promise<SubscriptionView>;
  unsubscribe(id: string, token: string): Promise<SubscriptionView>;
  /** One scheduler round: schedule alerts, check the archive after passes, send what is due. */
  tick(): Promise<void>;
  /** Runs `tick` now and every `intervalMs` (timer does not keep the process alive). */
  start(intervalMs: number): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

interface SubscriptionRow {
  id: string;
  email: string;
  email_key: string;
  lat: number;
  lon: number;
  lead_time_hours: number;
  max_cloud_cover: number;
  status: SubscriptionStatus | 'merged';
  merged_into: string | null;
  created_at: string;
  confirmed_at: string | null;
  ended_at: string | null;
}

interface OutboxRow {
  id: number;
  idempotency_key: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  headers_json: string;
  attempts: number;
  lease_id: string;
}

interface WatchRow {
  id: number;
  subscription_id: string;
  satellite: Overpass['satellite'];
  wrs_path: number;
  wrs_row: number;
  pass_datetime: string;
  pass_date: string;
  deadline_at: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const iso = (d: Date | number) => new Date(d).toISOString();
const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const addDays = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).slice(0, 10);

const notFound = () => new ApiError(404, 'not_found', 'No such subscription, or the link is not valid.');

/**
 * Double-opt-in overpass alerts: subscriptions, link tokens, the pass scheduler, the archive watcher and
 * a transactional outbox that sends each email once (claim with a lease, send, mark sent; retry with backoff).
 */
export function createNotificationService(options: NotificationServiceOptions): NotificationService {
  const { db, mailer, clock, catalog } = options;
  const logger = options.logger ?? silentLogger;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const predict = options.predictOverpasses ?? corePredictOverpasses;
  const policy: NotificationPolicy = { ...defaultNotificationPolicy, ...options.policy };

  const stmt = {
    subById: db.prepare<[string], SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?'),
    tokensOf: db.prepare<[string], { token_hash: string }>('SELECT token_hash FROM subscription_tokens WHERE subscription_id = ?'),
    insertToken: db.prepare('INSERT INTO subscription_tokens (token_hash, subscription_id, created_at) VALUES (?, ?, ?)'),
    recentRequests: db.prepare<[string, string], { n: number }>(
      'SELECT count(*) AS n FROM subscriptions WHERE email_key = ? AND created_at > ?',
    ),
    insertSub: db.prepare(
      `INSERT INTO subscriptions (id, email, email_key, lat, lon, lead_time_hours, max_cloud_cover, status, created_at)
       VALUES (@id, @email, @email_key, @lat, @lon, @lead_time_hours, @max_cloud_cover, 'pending', @created_at)`,
    ),
    outboxKeyExists: db.prepare<[string], { id: number }>('SELECT id FROM outbox WHERE idempotency_key = ?'),
    insertOutbox: db.prepare(
      `INSERT INTO outbox (idempotency_key, subscription_id, kind, recipient, subject, text_body, html_body, headers_json,
                           status, created_at, send_after, expires_at, next_attempt_at)
       VALUES (@key, @subscription_id, @kind, @recipient, @subject, @text, @html, @headers, 'pending', @now, @send_after,
               @expires_at, @send_after)
       ON CONFLICT (idempotency_key) DO NOTHING`,
    ),
    activeSubs: db.prepare<[], SubscriptionRow>("SELECT * FROM subscriptions WHERE status = 'active'"),
    duplicateActive: db.prepare<[string, number, number, number, number, string], { id: string }>(
      `SELECT id FROM subscriptions WHERE status = 'active' AND email_key = ? AND lat = ? AND lon = ?
         AND lead_time_hours = ? AND max_cloud_cover = ? AND id != ? ORDER BY created_at LIMIT 1`,
    ),
    insertWatch: db.prepare(
      `INSERT INTO pass_watches (subscription_id, satellite, wrs_path, wrs_row, pass_datetime, pass_date, status, next_check_at, deadline_at)
       VALUES (?, ?, ?, ?, ?, ?, 'watching', ?, ?) ON CONFLICT DO NOTHING`,
    ),
    dueWatches: db.prepare<[string, number], WatchRow>(
      `SELECT w.* FROM pass_watches w JOIN subscriptions s ON s.id = w.subscription_id
       WHERE w.status = 'watching' AND w.next_check_at <= ? AND s.status = 'active'
       ORDER BY w.next_check_at LIMIT ?`,
    ),
  };

  // ---- tokens -------------------------------------------------------------------------------

  /** Mints a link token for a subscription; only its hash is kept. Call inside the transaction that uses it. */
  function mintToken(subscriptionId: string, now: Date): string {
    const token = randomBytes(32).toString('base64url');
    stmt.insertToken.run(sha256Hex(token), subscriptionId, iso(now));
    return token;
  }

  function tokenMatches(subscriptionId: string, token: string): boolean {
    const presented = Buffer.from(sha256Hex(token), 'hex');
    let ok = false;
    // Compare against every hash, in constant time each, without stopping at a match.
    for (const { token_hash } of stmt.tokensOf.all(subscriptionId)) {
      if (timingSafeEqual(presented, Buffer.from(token_hash, 'hex'))) ok = true;
    }
    return ok;
  }

  /** The subscription a link refers to (following a merge), or 404 for an unknown id or a wrong token alike. */
  function authorise(id: string, token: string): SubscriptionRow {
    let row = stmt.subById.get(id);
    if (row?.status === 'merged' && row.merged_into) row = stmt.subById.get(row.merged_into);
    if (!row || !tokenMatches(row.id, token)) throw notFound();
    return row;
  }

  const linksFor = (id: string, token: string) => ({
    view: `${publicUrl}/api/notifications/${encodeURIComponent(id)}?token=${token}`,
    unsubscribe: `${publicUrl}/api/notifications/${encodeURIComponent(id)}/unsubscribe?token=${token}`,
    confirm: `${publicUrl}/api/notifications/${encodeURIComponent(id)}/confirm?token=${token}`,
  });

  const pointOf = (row: SubscriptionRow): SubscriptionPoint => ({
    lat: row.lat,
    lon: row.lon,
    leadTimeHours: row.lead_time_hours,
    maxCloudCover: row.max_cloud_cover,
  });

  /** Puts an email in the outbox unless its key is already there. Must run inside a transaction. */
  function enqueue(
    key: string,
    row: SubscriptionRow,
    kind: string,
    render: (links: ReturnType<typeof linksFor>) => RenderedEmail,
    now: Date,
    sendAfter: Date,
    expiresAt: Date | null = null,
    listHeaders = true,
  ): boolean {
    if (stmt.outboxKeyExists.get(key)) return false;
    const links = linksFor(row.id, mintToken(row.id, now));
    const email = render(links);
    const headers = listHeaders
      ? // RFC 8058 one-click unsubscribe: mail clients POST to this URL.
        { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {};
    stmt.insertOutbox.run({
      key,
      subscription_id: row.id,
      kind,
      recipient: row.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: JSON.stringify(headers),
      now: iso(now),
      send_after: iso(sendAfter),
      expires_at: expiresAt ? iso(expiresAt) : null,
    });
    return true;
  }

  // ---- subscriptions ------------------------------------------------------------------------

  function toView(row: SubscriptionRow, now: Date): SubscriptionView {
    const status = row.status === 'merged' ? 'active' : row.status;
    return {
      id: row.id,
      status,
      email: row.email,
      lat: row.lat,
      lon: row.lon,
      leadTime: String(row.lead_time_hours) as LeadTimeHours,
      cloudCoverage: row.max_cloud_cover,
      createdAt: row.created_at,
      confirmedAt: row.confirmed_at,
      nextPasses: status === 'active' ? upcomingPasses(row, now, 16).slice(0, 6) : [],
    };
  }

  function upcomingPasses(row: SubscriptionRow, now: Date, days: number): UpcomingPass[] {
    const leadMs = row.lead_time_hours * HOUR_MS;
    const seen = new Set<string>();
    return predict([row.lon, row.lat], now, days)
      .filter((p) => Date.parse(p.datetime) > now.getTime())
      .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.row - b.row)
      // A point in the overlap of two rows is imaged by one pass of the satellite, seconds apart in both
      // scenes: one alert per satellite, path and day, named after the first row.
      .filter((p) => {
        const key = `${p.satellite}:${p.path}:${iso(Date.parse(p.datetime)).slice(0, 10)}`;
        return seen.has(key) ? false : (seen.add(key), true);
      })
      .map((p) => ({
        satellite: p.satellite,
        path: p.path,
        row: p.row,
        datetime: iso(Date.parse(p.datetime)),
        alertAt: iso(Math.max(now.getTime(), Date.parse(p.datetime) - leadMs)),
      }));
  }

  async function subscribe(input: SubscribeInput): Promise<{ id: string; status: 'pending' }> {
    const now = clock.now();
    const email = input.email.trim();
    const emailKey = email.toLowerCase();
    const id = randomUUID();
    db.transaction(() => {
      // Counted over requests, not subscriptions, so the limit says nothing about who has subscribed.
      const { n } = stmt.recentRequests.get(emailKey, iso(now.getTime() - policy.addressWindowMs))!;
      if (n >= policy.maxRequestsPerAddress) {
        throw new ApiError(429, 'rate_limited', 'Too many subscription requests for this address; try again later.');
      }
      stmt.insertSub.run({
        id,
        email,
        email_key: emailKey,
        lat: input.lat,
        lon: input.lon,
        lead_time_hours: Number(input.leadTime),
        max_cloud_cover: Math.round(input.cloudCoverage),
        created_at: iso(now),
      });
      const row = stmt.subById.get(id)!;
      enqueue(`confirm:${id}`, row, 'confirm', (links) => confirmationEmail(pointOf(row), links), now, now, null, false);
    })();
    deliverSoon();
    return { id, status: 'pending' };
  }

  async function confirm(id: string, token: string): Promise<SubscriptionView> {
    const now = clock.now();
    let row = authorise(id, token);
    if (row.status === 'pending') {
      if (Date.parse(row.created_at) + policy.pendingExpiryMs < now.getTime()) {
        db.prepare("UPDATE subscriptions SET status = 'expired', ended_at = ? WHERE id = ?").run(iso(now), row.id);
        throw new ApiError(410, 'link_expired', 'This confirmation link has expired; please subscribe again.');
      }
      const pending = row;
      row = db.transaction(() => {
        const dup = stmt.duplicateActive.get(pending.email_key, pending.lat, pending.lon, pending.lead_time_hours, pending.max_cloud_cover, pending.id);
        if (dup) {
          // Same address, point and settings already active: fold this one in so alerts are not doubled;
          // the links of both keep working.
          db.prepare("UPDATE subscriptions SET status = 'merged', merged_into = ?, confirmed_at = ? WHERE id = ?").run(dup.id, iso(now), pending.id);
          db.prepare('UPDATE subscription_tokens SET subscription_id = ? WHERE subscription_id = ?').run(dup.id, pending.id);
          return stmt.subById.get(dup.id)!;
        }
        db.prepare("UPDATE subscriptions SET status = 'active', confirmed_at = ? WHERE id = ?").run(iso(now), pending.id);
        return stmt.subById.get(pending.id)!;
      })();
      scheduleSubscription(row, now);
      deliverSoon();
    } else if (row.status === 'expired') {
      throw new ApiError(410, 'link_expired', 'This confirmation link has expired; please subscribe again.');
    }
    return toView(row, now);
  }

  async function view(id: string, token: string): Promise<SubscriptionView> {
    return toView(authorise(id, token), clock.now());
  }

  async function unsubscribe(id: string, token: string): Promise<SubscriptionView> {
    const now = clock.now();
    const row = authorise(id, token);
    if (row.status === 'active' || row.status === 'pending') {
      db.transaction(() => {
        db.prepare("UPDATE subscriptions SET status = 'unsubscribed', ended_at = ? WHERE id = ?").run(iso(now), row.id);
        db.prepare("UPDATE subscriptions SET status = 'unsubscribed', ended_at = ? WHERE merged_into = ?").run(iso(now), row.id);
        db.prepare("UPDATE outbox SET status = 'cancelled', text_body = NULL, html_body = NULL WHERE subscription_id = ? AND status = 'pending'").run(row.id);
        db.prepare("UPDATE pass_watches SET status = 'cancelled' WHERE subscription_id = ? AND status = 'watching'").run(row.id);
      })();
    }
    return toView(stmt.subById.get(row.id)!, now);
  }

  // ---- scheduler ----------------------------------------------------------------------------

  /** Puts the alerts for passes within the horizon in the outbox, and a watch for each pass. */
  function scheduleSubscription(row: SubscriptionRow, now: Date): void {
    if (row.status !== 'active') return;
    const from = new Date(Math.max(now.getTime(), Date.parse(row.confirmed_at ?? row.created_at)));
    const point = pointOf(row);
    for (const pass of upcomingPasses(row, from, policy.scheduleHorizonDays)) {
      const passMs = Date.parse(pass.datetime);
      const passDate = pass.datetime.slice(0, 10);
      // Keyed by UTC date rather than exact time: a path/row is imaged at most once a day per satellite,
      // and a refined prediction must not produce a second alert for the same pass.
      const key = `prepass:${row.id}:${pass.satellite}:${pass.path}:${pass.row}:${passDate}`;
      db.transaction(() => {
        enqueue(key, row, 'prepass', (links) => prePassEmail(point, pass, links), now, new Date(pass.alertAt), new Date(passMs));
        stmt.insertWatch.run(
          row.id,
          pass.satellite,
          pass.path,
          pass.row,
          pass.datetime,
          passDate,
          iso(passMs + policy.watchFirstCheckDelayMs),
          iso(passMs + policy.watchGiveUpDays * DAY_MS),
        );
      })();
    }
  }

  function expirePending(now: Date): void {
    db.prepare("UPDATE subscriptions SET status = 'expired', ended_at = ? WHERE status = 'pending' AND created_at < ?").run(
      iso(now),
      iso(now.getTime() - policy.pendingExpiryMs),
    );
  }

  function findScene(watch: WatchRow, scenes: LandsatScene[]): LandsatScene | undefined {
    const passMs = Date.parse(watch.pass_datetime);
    return scenes
      // Any row of this pass: the search already kept only scenes that contain the point (row overlap).
      .filter((s) => s.satellite === watch.satellite && s.wrsPath === watch.wrs_path && Math.abs(Date.parse(s.datetime) - passMs) < 12 * HOUR_MS)
      // Of two overlapping rows, report the clearer view.
      .sort((a, b) => a.cloudCover - b.cloudCover || Math.abs(a.wrsRow - watch.wrs_row) - Math.abs(b.wrsRow - watch.wrs_row))[0];
  }

  async function checkWatches(now: Date): Promise<void> {
    for (const watch of stmt.dueWatches.all(iso(now), policy.batchSize)) {
      const sub = stmt.subById.get(watch.subscription_id)!;
      let scene: LandsatScene | undefined;
      try {
        const result = await catalog.search({
          bboxLngLat: [sub.lon, sub.lat, sub.lon, sub.lat],
          // A pass near midnight UTC may be dated either side of it.
          startDate: addDays(watch.pass_date, -1),
          endDate: addDays(watch.pass_date, 1),
          maxCloudCover: 100, // compared below, so a cloudy scene can be reported as such
          limit: 100,
        });
        scene = findScene(watch, result.scenes);
      } catch (err) {
        logger.warn({ err, watchId: watch.id }, 'archive check failed; will retry');
        db.prepare('UPDATE pass_watches SET last_error = ?, next_check_at = ? WHERE id = ?').run(
          String((err as Error)?.message ?? err),
          iso(now.getTime() + policy.watchIntervalMs),
          watch.id,
        );
        continue;
      }
      const point = pointOf(sub);
      const pass = { satellite: watch.satellite, path: watch.wrs_path, row: watch.wrs_row, datetime: watch.pass_datetime };
      db.transaction(() => {
        if (scene) {
          const facts = {
            satellite: scene.satellite,
            sceneId: scene.id,
            datetime: scene.datetime,
            cloudCover: scene.cloudCover,
            synthetic: scene.synthetic || catalog.synthetic,
          };
          if (scene.cloudCover <= sub.max_cloud_cover) {
            enqueue(`scene:${sub.id}:${scene.id}`, sub, 'scene_ready', (l) => sceneReadyEmail(point, facts, publicUrl, l), now, now);
          } else {
            enqueue(`cloudy:${sub.id}:${scene.id}`, sub, 'too_cloudy', (l) => tooCloudyEmail(point, facts, publicUrl, l), now, now);
          }
          db.prepare("UPDATE pass_watches SET status = 'found', scene_id = ?, last_error = NULL WHERE id = ?").run(scene.id, watch.id);
        } else if (now.toISOString() >= watch.deadline_at) {
          enqueue(
            `noscene:${sub.id}:${watch.satellite}:${watch.wrs_path}:${watch.wrs_row}:${watch.pass_date}`,
            sub,
            'no_scene',
            (l) => noSceneEmail(point, pass, policy.watchGiveUpDays, l),
            now,
            now,
          );
          db.prepare("UPDATE pass_watches SET status = 'gave_up' WHERE id = ?").run(watch.id);
        } else {
          db.prepare('UPDATE pass_watches SET next_check_at = ?, last_error = NULL WHERE id = ?').run(
            iso(Math.min(now.getTime() + policy.watchIntervalMs, Date.parse(watch.deadline_at))),
            watch.id,
          );
        }
      })();
    }
  }

  // ---- outbox delivery ----------------------------------------------------------------------

  function backoffMs(attempts: number): number {
    return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  async function deliverDue(): Promise<void> {
    const now = clock.now();
    db.transaction(() => {
      db.prepare(
        "UPDATE outbox SET status = 'expired', text_body = NULL, html_body = NULL WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= ?",
      ).run(iso(now));
      // Belt and braces: nothing but the confirmation goes to an address that is not (or no longer) subscribed.
      db.prepare(
        `UPDATE outbox SET status = 'cancelled', text_body = NULL, html_body = NULL
         WHERE status = 'pending' AND kind != 'confirm'
           AND subscription_id IN (SELECT id FROM subscriptions WHERE status != 'active')`,
      ).run();
    })();
    const leaseId = randomUUID();
    // Claim a batch in one statement: a second process (or a restarted one) sees the lease and skips them
    // until it runs out, which is how an email claimed by a process that then died is sent after all.
    const claimed = db
      .prepare<[string, string, string, string, number], OutboxRow>(
        `UPDATE outbox SET lease_id = ?, lease_until = ?
         WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
                        AND (lease_until IS NULL OR lease_until <= ?)
                      ORDER BY next_attempt_at, id LIMIT ?)
         RETURNING id, idempotency_key, kind, recipient, subject, text_body, html_body, headers_json, attempts, lease_id`,
      )
      .all(leaseId, iso(now.getTime() + policy.leaseMs), iso(now), iso(now), policy.batchSize);
    claimed.sort((a, b) => a.id - b.id);

    for (const row of claimed) {
      try {
        const result = await mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.text_body ?? '',
          html: row.html_body ?? undefined,
          headers: JSON.parse(row.headers_json) as Record<string, string>,
          // Stable per email, so a repeat after a crash mid-send is recognisable as the same message.
          messageId: `${sha256Hex(row.idempotency_key).slice(0, 32)}@landsat-on-the-fly`,
        });
        db.prepare(
          `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, message_id = ?, last_error = NULL,
                  text_body = NULL, html_body = NULL, lease_id = NULL, lease_until = NULL
           WHERE id = ? AND lease_id = ?`,
        ).run(iso(clock.now()), result.messageId, row.id, leaseId);
        logger.info({ outboxId: row.id, kind: row.kind }, 'notification email sent');
      } catch (err) {
        const attempts = row.attempts + 1;
        const failed = attempts >= policy.maxAttempts;
        const message = String((err as Error)?.message ?? err).slice(0, 1000);
        db.prepare(
          `UPDATE outbox SET attempts = ?, last_error = ?, next_attempt_at = ?, status = ?, lease_id = NULL, lease_until = NULL
           WHERE id = ? AND lease_id = ?`,
        ).run(attempts, message, iso(clock.now().getTime() + backoffMs(attempts)), failed ? 'failed' : 'pending', row.id, leaseId);
        logger.warn({ outboxId: row.id, kind: row.kind, attempts, err: message }, failed ? 'email failed for good' : 'email failed; will retry');
      }
    }
  }

  // One delivery round at a time; a request that arrives meanwhile triggers one more round.
  let delivering: Promise<void> | null = null;
  let deliverAgain = false;
  function deliverSoon(): Promise<void> {
    if (delivering) {
      deliverAgain = true;
      return delivering;
    }
    delivering = (async () => {
      do {
        deliverAgain = false;
        try {
          await deliverDue();
        } catch (err) {
          logger.error({ err }, 'email delivery round failed');
        }
      } while (deliverAgain);
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  let ticking: Promise<void> | null = null;
  async function tick(): Promise<void> {
    if (ticking) return ticking;
    ticking = (async () => {
      const now = clock.now();
      expirePending(now);
      for (const row of stmt.activeSubs.all()) scheduleSubscription(row, now);
      await checkWatches(now);
      if (delivering) await delivering;
      await deliverSoon();
    })().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  let timer: NodeJS.Timeout | null = null;
  function start(intervalMs: number): void {
    if (timer) return;
    const run = () => void tick().catch((err) => logger.error({ err }, 'notification scheduler round failed'));
    timer = setInterval(run, intervalMs);
    timer.unref();
    run();
  }

  async function stop(): Promise<void> {
    if (timer) clearInterval(timer);
    timer = null;
    await ticking?.catch(() => {});
    await delivering?.catch(() => {});
  }

  return { subscribe, confirm, view, unsubscribe, tick, start, stop };
}
