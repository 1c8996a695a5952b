/** The seed's default map point "in central Ontario, Canada" (Huntsville, Muskoka: forest and lakes). */
export const DEFAULT_POINT = { lat: 45.3267, lon: -79.2165 } as const;
export const DEFAULT_ZOOM = 14;
export const LEAD_TIME_HOURS = ['2', '6', '12', '24'] as const;
export type LeadTimeHours = (typeof LEAD_TIME_HOURS)[number];
/**
 * A point of the synthetic demo archive inside a synthetic fire (src/core/demo/demoDisturbances.ts): dry
 * savanna 18 km south-east of Nairobi that burns on 2008-01-02 (the dry season) and greens up again
 * over the next years, so "What changed here?" has a break to show. Synthetic: no such fire is on record.
 */
export const SYNTHETIC_DISTURBANCE_POINT = { lat: -1.3845, lon: 36.9585, onsetDate: '2008-01-02', kind: 'fire' } as const;
