import type { LandsatScene } from '../../core/stac/landsatScene.js';
import { noSceneEmail, prePassEmail, sceneReadyEmail, tooCloudyEmail } from './emailTemplates.js';
import { enqueueEmail, pointOf } from './enqueueEmail.js';
import { DAY_MS, HOUR_MS, iso, type NotificationContext, type SubscriptionRow, type WatchRow } from './notificationTypes.js';
import { upcomingPasses } from './upcomingPasses.js';
import { changeEmail } from './changeEmails.js';
import { confirmedChange, type ConfirmedChange } from './changeWatch.js';

const addDays = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).slice(0, 10);

/**
 * The scheduler's pass: pre-pass alerts into the outbox, a watch per pass, and the archive checks after
 * passes. Every write is keyed (outbox idempotency keys, one watch per pass), so a pass cut short by a
 * crash and run again by this or another replica neither repeats nor skips anything.
 */
export function createScheduler(ctx: NotificationContext) {
  const { db, policy, catalog, logger } = ctx;

  /** Puts the alerts for passes within the horizon in the outbox, and a watch for each pass. */
  async function scheduleSubscription(row: SubscriptionRow, now: Date): Promise<void> {
    if (row.status !== 'active') return;
    const from = new Date(Math.max(now.getTime(), Date.parse(row.confirmed_at ?? row.created_at)));
    const point = pointOf(row);
    for (const pass of upcomingPasses(ctx, row, from, policy.scheduleHorizonDays)) {
      const passMs = Date.parse(pass.datetime);
      const passDate = pass.datetime.slice(0, 10);
      // Keyed by UTC date rather than exact time: a path/row is imaged at most once a day per satellite,
      // and a refined prediction must not produce a second alert for the same pass.
      const key = `prepass:${row.id}:${pass.satellite}:${pass.path}:${pass.row}:${passDate}`;
      await db.transaction(async (tx) => {
        // A change watch hears nothing about passes; the pass's watch still triggers its change check.
        if (row.watch !== 'change') await enqueueEmail(ctx, tx, {
          key,
          row,
          kind: 'prepass',
          render: (links) => prePassEmail(point, pass, links),
          now,
          sendAfter: new Date(pass.alertAt),
          expiresAt: new Date(passMs),
        });
        await tx.run(
          `INSERT INTO pass_watches (subscription_id, satellite, wrs_path, wrs_row, pass_datetime, pass_date, status, next_check_at, deadline_at)
           VALUES (?, ?, ?, ?, ?, ?, 'watching', ?, ?) ON CONFLICT DO NOTHING`,
          [row.id, pass.satellite, pass.path, pass.row, pass.datetime, passDate, iso(passMs + policy.watchFirstCheckDelayMs), iso(passMs + policy.watchGiveUpDays * DAY_MS)],
        );
      });
    }
  }

  async function expirePending(now: Date): Promise<void> {
    await db.run("UPDATE subscriptions SET status = 'expired', ended_at = ? WHERE status = 'pending' AND created_at < ?", [
      iso(now),
      iso(now.getTime() - policy.pendingExpiryMs),
    ]);
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
    const due = await db.all<WatchRow>(
      `SELECT w.* FROM pass_watches w JOIN subscriptions s ON s.id = w.subscription_id
       WHERE w.status = 'watching' AND w.next_check_at <= ? AND s.status = 'active'
       ORDER BY w.next_check_at, w.id LIMIT ?`,
      [iso(now), policy.batchSize],
    );
    for (const watch of due) {
      const sub = (await db.get<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?', [watch.subscription_id]))!;
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
        await db.run('UPDATE pass_watches SET last_error = ?, next_check_at = ? WHERE id = ?', [
          String((err as Error)?.message ?? err),
          iso(now.getTime() + policy.watchIntervalMs),
          watch.id,
        ]);
        continue;
      }
      const point = pointOf(sub);
      const pass = { satellite: watch.satellite, path: watch.wrs_path, row: watch.wrs_row, datetime: watch.pass_datetime };
      if (sub.watch === 'change') {
        await checkChange(sub, watch, scene, now);
        continue;
      }
      await db.transaction(async (tx) => {
        if (scene) {
          const facts = {
            satellite: scene.satellite,
            sceneId: scene.id,
            datetime: scene.datetime,
            cloudCover: scene.cloudCover,
            synthetic: scene.synthetic || catalog.synthetic,
          };
          const clear = scene.cloudCover <= sub.max_cloud_cover;
          await enqueueEmail(ctx, tx, {
            key: `${clear ? 'scene' : 'cloudy'}:${sub.id}:${scene.id}`,
            row: sub,
            kind: clear ? 'scene_ready' : 'too_cloudy',
            render: (l) => (clear ? sceneReadyEmail(point, facts, ctx.publicUrl, l) : tooCloudyEmail(point, facts, ctx.publicUrl, l)),
            now,
            sendAfter: now,
          });
          await tx.run("UPDATE pass_watches SET status = 'found', scene_id = ?, last_error = NULL WHERE id = ?", [scene.id, watch.id]);
        } else if (now.toISOString() >= watch.deadline_at) {
          await enqueueEmail(ctx, tx, {
            key: `noscene:${sub.id}:${watch.satellite}:${watch.wrs_path}:${watch.wrs_row}:${watch.pass_date}`,
            row: sub,
            kind: 'no_scene',
            render: (l) => noSceneEmail(point, pass, policy.watchGiveUpDays, l),
            now,
            sendAfter: now,
          });
          await tx.run("UPDATE pass_watches SET status = 'gave_up' WHERE id = ?", [watch.id]);
        } else {
          await tx.run('UPDATE pass_watches SET next_check_at = ?, last_error = NULL WHERE id = ?', [
            iso(Math.min(now.getTime() + policy.watchIntervalMs, Date.parse(watch.deadline_at))),
            watch.id,
          ]);
        }
      });
    }
  }

  /**
   * A change watch's pass: once its scene is in the archive, CCDC runs on the point's record through
   * the scene's date; a change that scene confirmed is emailed once (the outbox key is the break date).
   * Passes with no scene end silently at their deadline.
   */
  async function checkChange(sub: SubscriptionRow, watch: WatchRow, scene: LandsatScene | undefined, now: Date): Promise<void> {
    if (!scene) {
      const next = now.toISOString() >= watch.deadline_at ? { status: 'gave_up', at: watch.deadline_at } : { status: 'watching', at: iso(Math.min(now.getTime() + policy.watchIntervalMs, Date.parse(watch.deadline_at))) };
      await db.run('UPDATE pass_watches SET status = ?, next_check_at = ?, last_error = NULL WHERE id = ?', [next.status, next.at, watch.id]);
      return;
    }
    const sceneDate = scene.datetime.slice(0, 10);
    let found: ConfirmedChange | null = null;
    try {
      if (ctx.changeSeries) found = await confirmedChange(await ctx.changeSeries(sub.lat, sub.lon, sceneDate), sceneDate);
    } catch (err) {
      logger.warn({ err, watchId: watch.id }, 'change check failed; will retry');
      await db.run('UPDATE pass_watches SET last_error = ?, next_check_at = ? WHERE id = ?', [String((err as Error)?.message ?? err), iso(now.getTime() + policy.watchIntervalMs), watch.id]);
      return;
    }
    await db.transaction(async (tx) => {
      if (found) {
        const facts = { ...found, confirmedOn: sceneDate, synthetic: scene.synthetic || catalog.synthetic };
        await enqueueEmail(ctx, tx, {
          key: `change:${sub.id}:${found.breakDate}`,
          row: sub,
          kind: 'change',
          render: (links) => changeEmail(pointOf(sub), facts, ctx.publicUrl, links),
          now,
          sendAfter: now,
        });
      }
      await tx.run("UPDATE pass_watches SET status = 'found', scene_id = ?, last_error = NULL WHERE id = ?", [scene.id, watch.id]);
    });
  }

  /** One pass: expire unconfirmed requests, schedule every active subscription, check due watches. */
  async function runPass(now: Date): Promise<void> {
    await expirePending(now);
    for (const row of await db.all<SubscriptionRow>("SELECT * FROM subscriptions WHERE status = 'active' ORDER BY created_at, id")) {
      await scheduleSubscription(row, now);
    }
    await checkWatches(now);
  }

  return { scheduleSubscription, runPass };
}
