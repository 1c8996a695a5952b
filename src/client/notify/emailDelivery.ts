import { requestEmailDelivery } from '../api/configApi.js';

export type EmailDelivery = 'smtp' | 'outbox' | 'unknown';

export const NOTIFICATION_CONFIRM_TEXT = 'Check your inbox to confirm the notification.';
export const NOTIFICATION_OUTBOX_TEXT =
  "Email delivery is not configured on this server; your confirmation was saved to the server's outbox. No email will reach your inbox until the server's operator sets SMTP_URL.";
export const NOTIFICATION_UNKNOWN_DELIVERY_TEXT =
  'Your request was saved. Check your inbox to confirm it; if no email arrives, email delivery may not be configured on this server.';

/**
 * Whether the server really sends email (SMTP) or only writes it to its outbox folder (/api/config).
 * Asked after each accepted subscription (rare), so a server reconfigured meanwhile is told right.
 */
export function readEmailDelivery(): Promise<EmailDelivery> {
  return requestEmailDelivery()
    .then((config): EmailDelivery => (config.emailDelivery === 'smtp' || config.emailDelivery === 'outbox' ? config.emailDelivery : 'unknown'))
    .catch((err: unknown) => {
      console.error('Could not read /api/config to tell how email is delivered:', err);
      return 'unknown' as const;
    });
}

/** What the page says after a subscription was accepted: what really happened to the email. */
export function subscribedText(delivery: EmailDelivery): string {
  return delivery === 'smtp' ? NOTIFICATION_CONFIRM_TEXT : delivery === 'outbox' ? NOTIFICATION_OUTBOX_TEXT : NOTIFICATION_UNKNOWN_DELIVERY_TEXT;
}
