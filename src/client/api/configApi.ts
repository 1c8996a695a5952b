import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { pageConfigSchema } from '../../shared/api/health.js';
import { requestJson } from './requestJson.js';

/** GET /api/config. An older server may not say its scene limit or email delivery: those two may be missing. */
const pageSettingsSchema = z.partial(pageConfigSchema, { maxScenes: true, emailDelivery: true });

export const requestPageConfig = (signal?: AbortSignal) => requestJson('/api/config', pageSettingsSchema, { signal });

/** Only how the server delivers email (asked after each subscription): read alone, so nothing else in the answer can fail it. */
export const requestEmailDelivery = () => requestJson('/api/config', z.partial(z.pick(pageConfigSchema, { emailDelivery: true })));

export const configQueryOptions = (fallback: (err: unknown) => Awaited<ReturnType<typeof requestPageConfig>>) =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => requestPageConfig(signal).catch(fallback),
    staleTime: Infinity,
    retry: false,
  });
