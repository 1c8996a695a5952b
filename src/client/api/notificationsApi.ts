import type { z } from 'zod';
import { subscribeBody, subscribeReply } from '../../shared/api/notifications.js';
import { requestJson } from './requestJson.js';

/** What the form sends; the lead time is the form's text, which the server checks against the allowed hours. */
type Subscription = Omit<z.input<typeof subscribeBody>, 'leadTime'> & { leadTime: string };

/** POST /api/notifications: subscribe a point to overpass emails (the server sends a confirmation link first). */
export const subscribeToOverpasses = (body: Subscription) =>
  requestJson('/api/notifications', subscribeReply, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
