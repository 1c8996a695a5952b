import { randomUUID } from 'node:crypto';
import type { LeadTimeHours } from '../../shared/defaults.js';
import { ApiError } from '../apiError.js';
import { confirmationEmail } from './emailTemplates.js';
import { changeConfirmationEmail } from './changeEmails.js';
import { enqueueEmail, pointOf, tokenMatches } from './enqueueEmail.js';
import { mailboxKey } from './mailboxKey.js';
import {
  iso,
  type NotificationContext,
  type NotificationService,
  type SubscribeInput,
  type SubscriptionRow,
  type SubscriptionView,
} from './notificationTypes.js';
import { upcomingPasses } from './upcomingPasses.js';

/** Advisory-lock namespace for per-mailbox turns ("LOTG"; the store's own locks use "LOTF"). */
const MAILBOX_LOCK_CLASS = 0x4c4f5447;

const notFound = () => new ApiError(404, 'not_found', 'No such subscription, or the link is not valid.');
const expired = () => new ApiError(410, 'link_expired', 'This confirmation link has expired; please subscribe again.');

export interface SubscriptionHooks {
  /** Puts the alerts of a newly active subscription in the outbox. */
  schedule(row: SubscriptionRow, now: Date): Promise<void>;
  /** Starts a delivery round soon (without waiting for it). */
  deliverSoon(): void;
}

/** Subscribe (double opt-in), confirm, view and unsubscribe through the tokenised links. */
export function createSubscriptions(
  ctx: NotificationContext,
  hooks: SubscriptionHooks,
): Pick<NotificationService, 'subscribe' | 'confirm' | 'view' | 'unsubscribe'> {
  const { db, clock, policy, logger } = ctx;
  const subById = (id: string) => db.get<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?', [id]);

  /** The subscription a link refers to (following a merge), or 404 for an unknown id or a wrong token alike. */
  async function authorise(id: string, token: string): Promise<SubscriptionRow> {
    let row = await subById(id);
    if (row?.status === 'merged' && row.merged_into) row = await subById(row.merged_into);
    if (!row || !(await tokenMatches(db, row.id, token))) throw notFound();
    return row;
  }

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
      watch: row.watch ?? 'passes',
      createdAt: row.created_at,
      confirmedAt: row.confirmed_at,
      nextPasses: status === 'active' ? upcomingPasses(ctx, row, now, 16).slice(0, 6) : [],
    };
  }

  async function subscribe(input: SubscribeInput): Promise<{ id: string; status: 'pending' }> {
    const now = clock.now();
    const email = input.email.trim();
    const emailKey = mailboxKey(email);
    const id = randomUUID();
    const queued = await db.transaction(async (tx) => {
      // Replicas: requests for one mailbox take turns, so two at once cannot both pass the check below
      // (SQLite transactions are serial already).
      if (db.kind === 'postgres') await tx.run('SELECT pg_advisory_xact_lock(?, hashtext(?))', [MAILBOX_LOCK_CLASS, emailKey]);
      // One unconfirmed request per mailbox at a time (per cooldown): the answer is the same 201 either way,
      // so it tells nobody whether the address is known, and the owner can always subscribe once it passes.
      const pending = await tx.get<{ n: number }>(
        "SELECT CAST(count(*) AS INTEGER) AS n FROM subscriptions WHERE email_key = ? AND status = 'pending' AND created_at > ?",
        [emailKey, iso(now.getTime() - policy.confirmationCooldownMs)],
      );
      if (pending && pending.n > 0) return false;
      await tx.run(
        `INSERT INTO subscriptions (id, email, email_key, lat, lon, lead_time_hours, max_cloud_cover, watch, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
        [id, email, emailKey, input.lat, input.lon, Number(input.leadTime), Math.round(input.cloudCoverage), input.watch ?? 'passes', iso(now)],
      );
      const row = (await tx.get<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?', [id]))!;
      await enqueueEmail(ctx, tx, {
        key: `confirm:${id}`,
        row,
        kind: 'confirm',
        render: (links) => (row.watch === 'change' ? changeConfirmationEmail(pointOf(row), links) : confirmationEmail(pointOf(row), links)),
        now,
        sendAfter: now,
        listHeaders: false,
      });
      return true;
    });
    if (queued) hooks.deliverSoon();
    else logger.info({ mailbox: emailKey.replace(/^[^@]*/, '…') }, 'confirmation withheld: this mailbox already has an unconfirmed request');
    return { id, status: 'pending' };
  }

  async function confirm(id: string, token: string): Promise<SubscriptionView> {
    const now = clock.now();
    let row = await authorise(id, token);
    if (row.status === 'pending') {
      if (Date.parse(row.created_at) + policy.pendingExpiryMs < now.getTime()) {
        await db.run("UPDATE subscriptions SET status = 'expired', ended_at = ? WHERE id = ?", [iso(now), row.id]);
        throw expired();
      }
      const pending = row;
      row = await db.transaction(async (tx) => {
        const dup = await tx.get<{ id: string }>(
          `SELECT id FROM subscriptions WHERE status = 'active' AND email_key = ? AND lat = ? AND lon = ?
             AND lead_time_hours = ? AND max_cloud_cover = ? AND watch = ? AND id != ? ORDER BY created_at LIMIT 1`,
          [pending.email_key, pending.lat, pending.lon, pending.lead_time_hours, pending.max_cloud_cover, pending.watch ?? 'passes', pending.id],
        );
        if (dup) {
          // Same mailbox, point and settings already active: fold this one in so alerts are not doubled;
          // the links of both keep working.
          await tx.run("UPDATE subscriptions SET status = 'merged', merged_into = ?, confirmed_at = ? WHERE id = ?", [dup.id, iso(now), pending.id]);
          await tx.run('UPDATE subscription_tokens SET subscription_id = ? WHERE subscription_id = ?', [dup.id, pending.id]);
          return (await tx.get<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?', [dup.id]))!;
        }
        await tx.run("UPDATE subscriptions SET status = 'active', confirmed_at = ? WHERE id = ?", [iso(now), pending.id]);
        return (await tx.get<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?', [pending.id]))!;
      });
      await hooks.schedule(row, now);
      hooks.deliverSoon();
    } else if (row.status === 'expired') {
      throw expired();
    }
    return toView(row, now);
  }

  async function view(id: string, token: string): Promise<SubscriptionView> {
    return toView(await authorise(id, token), clock.now());
  }

  async function unsubscribe(id: string, token: string): Promise<SubscriptionView> {
    const now = clock.now();
    const row = await authorise(id, token);
    if (row.status === 'active' || row.status === 'pending') {
      await db.transaction(async (tx) => {
        await tx.run("UPDATE subscriptions SET status = 'unsubscribed', ended_at = ? WHERE id = ?", [iso(now), row.id]);
        await tx.run("UPDATE subscriptions SET status = 'unsubscribed', ended_at = ? WHERE merged_into = ?", [iso(now), row.id]);
        await tx.run("UPDATE outbox SET status = 'cancelled', text_body = NULL, html_body = NULL WHERE subscription_id = ? AND status = 'pending'", [row.id]);
        await tx.run("UPDATE pass_watches SET status = 'cancelled' WHERE subscription_id = ? AND status = 'watching'", [row.id]);
      });
    }
    return toView((await subById(row.id))!, now);
  }

  return { subscribe, confirm, view, unsubscribe };
}
