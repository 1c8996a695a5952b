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

export const CHANGE_CONFIRM_TEXT = 'Check your inbox to confirm the change alerts: then you get one email each time the land here may have changed, at most one per change.';

/** What the page says after a subscription was accepted: what really happened to the email (and, for change alerts, what they are). */
export function subscribedText(delivery: EmailDelivery, watch: 'passes' | 'change' = 'passes'): string {
  if (delivery === 'smtp') return watch === 'change' ? CHANGE_CONFIRM_TEXT : NOTIFICATION_CONFIRM_TEXT;
  return delivery === 'outbox' ? NOTIFICATION_OUTBOX_TEXT : NOTIFICATION_UNKNOWN_DELIVERY_TEXT;
}
