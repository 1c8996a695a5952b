import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqlQueryable } from '../store/sqlStore.js';
import type { RenderedEmail, SubscriptionPoint } from './emailTemplates.js';
import { iso, type NotificationContext, type SubscriptionRow } from './notificationTypes.js';

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

export type Links = ReturnType<typeof linksFor>;

export const linksFor = (publicUrl: string, id: string, token: string) => ({
  view: `${publicUrl}/api/notifications/${encodeURIComponent(id)}?token=${token}`,
  unsubscribe: `${publicUrl}/api/notifications/${encodeURIComponent(id)}/unsubscribe?token=${token}`,
  confirm: `${publicUrl}/api/notifications/${encodeURIComponent(id)}/confirm?token=${token}`,
});

export const pointOf = (row: SubscriptionRow): SubscriptionPoint => ({
  lat: row.lat,
  lon: row.lon,
  leadTimeHours: row.lead_time_hours,
  maxCloudCover: row.max_cloud_cover,
});

/** Mints a link token for a subscription; only its hash is kept. Call inside the transaction that uses it. */
export async function mintToken(tx: SqlQueryable, subscriptionId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.run('INSERT INTO subscription_tokens (token_hash, subscription_id, created_at) VALUES (?, ?, ?)', [sha256Hex(token), subscriptionId, iso(now)]);
  return token;
}

export async function tokenMatches(db: SqlQueryable, subscriptionId: string, token: string): Promise<boolean> {
  const presented = Buffer.from(sha256Hex(token), 'hex');
  let ok = false;
  // Compare against every hash, in constant time each, without stopping at a match.
  for (const { token_hash } of await db.all<{ token_hash: string }>('SELECT token_hash FROM subscription_tokens WHERE subscription_id = ?', [subscriptionId])) {
    if (timingSafeEqual(presented, Buffer.from(token_hash, 'hex'))) ok = true;
  }
  return ok;
}

export interface EnqueueRequest {
  key: string;
  row: SubscriptionRow;
  kind: string;
  render: (links: Links) => RenderedEmail;
  now: Date;
  sendAfter: Date;
  expiresAt?: Date | null;
  /** List-Unsubscribe headers (every email but the confirmation). */
  listHeaders?: boolean;
}

/** Puts an email in the outbox unless its key is already there. Must run inside a transaction. */
export async function enqueueEmail(ctx: NotificationContext, tx: SqlQueryable, req: EnqueueRequest): Promise<boolean> {
  if (await tx.get('SELECT id FROM outbox WHERE idempotency_key = ?', [req.key])) return false;
  const links = linksFor(ctx.publicUrl, req.row.id, await mintToken(tx, req.row.id, req.now));
  const email = req.render(links);
  const headers =
    req.listHeaders === false
      ? {}
      : // RFC 8058 one-click unsubscribe: mail clients POST to this URL.
        { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  await tx.run(
    `INSERT INTO outbox (idempotency_key, subscription_id, kind, recipient, subject, text_body, html_body, headers_json,
                         status, created_at, send_after, expires_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [
      req.key,
      req.row.id,
      req.kind,
      req.row.email,
      email.subject,
      email.text,
      email.html ?? null,
      JSON.stringify(headers),
      iso(req.now),
      iso(req.sendAfter),
      req.expiresAt ? iso(req.expiresAt) : null,
      iso(req.sendAfter),
    ],
  );
  return true;
}
