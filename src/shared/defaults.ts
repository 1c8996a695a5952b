/** The seed's default map point "in central Ontario, Canada" (Huntsville, Muskoka: forest and lakes). */
export const DEFAULT_POINT = { lat: 45.3267, lon: -79.2165 } as const;
export const DEFAULT_ZOOM = 14;
export const LEAD_TIME_HOURS = ['2', '6', '12', '24'] as const;
export type LeadTimeHours = (typeof LEAD_TIME_HOURS)[number];
