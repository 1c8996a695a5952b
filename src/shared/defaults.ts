/** The seed's default map point "in central Ontario, Canada" (Huntsville, Muskoka: forest and lakes). */
export const DEFAULT_POINT = { lat: 45.3267, lon: -79.2165 } as const;
export const DEFAULT_ZOOM = 14;
export const LEAD_TIME_HOURS = ['2', '6', '12', '24'] as const;
export type LeadTimeHours = (typeof LEAD_TIME_HOURS)[number];
/**
 * A point of the synthetic demo archive inside a synthetic fire (src/core/demo/demoDisturbances.ts): a
 * conifer stand 4.5 km south-west of the default point that burns on 1999-10-19 and recovers over the
 * next decade, so "What changed here?" has a break to show. Synthetic: no such fire is on record.
 */
export const SYNTHETIC_DISTURBANCE_POINT = { lat: 45.3116, lon: -79.2719, onsetDate: '1999-10-19', kind: 'fire' } as const;
