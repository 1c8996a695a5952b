import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** What a request carries down to the archive calls it causes, without threading it through every signature. */
export interface RequestScope {
  /** Absent for work outside a request (the notification scheduler). */
  requestId?: string;
  log?: FastifyBaseLogger;
  /** What the catalogue is doing when it fetches: a STAC search or a token request (labels upstream calls). */
  phase?: 'stac_search' | 'token';
}

export const requestScopeStorage = new AsyncLocalStorage<RequestScope>();

export const currentRequestScope = (): RequestScope | undefined => requestScopeStorage.getStore();

/** Runs `work` with the phase set, keeping the request's id and logger. */
export function runInPhase<T>(phase: NonNullable<RequestScope['phase']>, work: () => Promise<T>): Promise<T> {
  return requestScopeStorage.run({ ...currentRequestScope(), phase }, work);
}
