/**
 * Limits of POST /api/compare that the page checks too. Kept apart from the zod schemas
 * (compareApi.ts) so the page's first download does not carry zod.
 */
/** Largest POST /api/compare body and largest spectrum file the page accepts (1 MB). */
export const COMPARE_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_MAX_DAYS = 3;
export const MAX_MAX_DAYS = 30;
