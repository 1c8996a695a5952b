import { z } from 'zod';
import { LEAD_TIME_HOURS } from '../defaults.js';
import { emailAddressSchema } from '../emailAddress.js';

/** The overpass-notification calls: POST /api/notifications and the emailed links (/api/notifications/:id…). */
export const subscribeBody = z
  .object({
    email: emailAddressSchema.describe('Address to notify; it receives a confirmation link first (double opt-in).'),
    leadTime: z.enum(LEAD_TIME_HOURS).describe('Hours before each pass the alert is sent: "2", "6", "12" or "24".'),
    cloudCoverage: z.number().int().min(0).max(100).describe('Largest scene cloud cover, percent, for a "new scene is ready" email.'),
    lat: z.number().min(-90).max(90).describe('Latitude of the point to watch, degrees WGS84.'),
    lon: z.number().min(-180).max(180).describe('Longitude of the point to watch, degrees WGS84.'),
    watch: z
      .enum(['passes', 'change'])
      .optional()
      .describe('passes (default): pre-pass and new-scene emails. change: after each new scene, change detection (CCDC) at the point; one email per possible change ("possible change since DATE") and nothing else.'),
  })
  .describe('Subscription to Landsat 8/9 overpass and new-scene emails for one point, or to change alerts.');

export const subscribeReply = z.object({
  id: z.string().describe('Subscription id; the same form of answer whether or not the address already subscribed.'),
  status: z.literal('pending').describe('Always "pending": nothing is sent until the emailed link is followed.'),
});

export const idParams = z.object({ id: z.string().min(1).max(64).describe('Subscription id.') });
export const tokenQuery = z.object({
  token: z.string().min(16).max(128).describe('Secret link token from one of the subscription\'s emails.'),
});

export const viewReply = z
  .object({
    id: z.string().describe('Subscription id.'),
    status: z.enum(['pending', 'active', 'unsubscribed', 'expired']).describe('Lifecycle state.'),
    email: z.string().describe('Address notified.'),
    lat: z.number().describe('Latitude watched, degrees.'),
    lon: z.number().describe('Longitude watched, degrees.'),
    leadTime: z.enum(LEAD_TIME_HOURS).describe('Hours before a pass the alert is sent.'),
    cloudCoverage: z.number().describe('Largest scene cloud cover wanted, percent.'),
    watch: z.enum(['passes', 'change']).describe('What the subscription watches: passes and new scenes, or change at the point.'),
    createdAt: z.string().describe('ISO time of the request.'),
    confirmedAt: z.string().nullable().describe('ISO time the link was confirmed, null while pending.'),
    nextPasses: z
      .array(
        z.object({
          satellite: z.enum(['landsat-8', 'landsat-9']).describe('Satellite.'),
          path: z.number().describe('WRS-2 path.'),
          row: z.number().describe('WRS-2 row.'),
          datetime: z.string().describe('ISO UTC time of the pass.'),
          alertAt: z.string().describe('ISO UTC time the alert email is due.'),
        }),
      )
      .describe('Upcoming passes that will be announced (active subscriptions).'),
  })
  .describe('A subscription, as seen by the holder of one of its links.');

