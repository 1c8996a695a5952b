import type { ChangeObservation, ChangeResult } from './types.js';

export type { ChangeObservation, ChangeResult } from './types.js';

/**
 * Continuous Change Detection and Classification (Zhu and Woodcock 2014) as USGS LCMAP's pyccd runs
 * it, on one pixel's observations (any order; same-day duplicates are dropped as pyccd does).
 */
export function detectChanges(observations: ChangeObservation[], options?: { signal?: AbortSignal }): ChangeResult {
  void observations;
  void options;
  throw new Error('not implemented');
}
