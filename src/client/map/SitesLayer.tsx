import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import type { SiteInput } from '../../shared/sitesInput.js';
import { fitBelowOverlay } from './MapOverlay.js';
import { useLeafletLayer, useLeafletMap } from './leafletMap.js';

/** Up to this many sites carry their id as a permanent label; more would cover the map (hover or tap then). */
const LABELLED_UP_TO = 40;
/** Sites drawn at most (a job takes 100,000; past this the map would stall and show nothing more). */
export const SITES_DRAWN_AT_MOST = 10_000;

const SITE_STYLE: L.CircleMarkerOptions = { radius: 6, color: '#ffffff', weight: 2, fillColor: '#c2185b', fillOpacity: 0.95, bubblingMouseEvents: false };
const SITE_LABEL: L.TooltipOptions = { direction: 'right', offset: [6, 0], className: 'site-label' };

/**
 * The Many sites panel's readable sites as circle markers with their ids, drawn on a canvas (one
 * element, not one per site); the view fits them when the list changes. Clicks go through to the
 * map (choosing a point), except on a marker, which shows its id.
 */
export function SitesLayer({ sites }: { sites: readonly SiteInput[] }) {
  const map = useLeafletMap();
  // A new list (a new parse) is a new layer; the page re-renders often, so no per-render comparison of thousands of sites.
  const drawn = useMemo(() => sites.slice(0, SITES_DRAWN_AT_MOST), [sites]);
  const layer = useLeafletLayer(() => {
    const renderer = L.canvas({ padding: 0.2 });
    if (drawn.length <= LABELLED_UP_TO) {
      return L.featureGroup(drawn.map((s) => L.circleMarker([s.lat, s.lon], { ...SITE_STYLE, renderer }).bindTooltip(s.id, { ...SITE_LABEL, permanent: true })));
    }
    // Many sites: one tooltip for the group (shown on hover or tap) instead of one object per site.
    const ids = new Map<L.Layer, string>();
    const group = L.featureGroup(
      drawn.map((s) => {
        const marker = L.circleMarker([s.lat, s.lon], { ...SITE_STYLE, renderer });
        ids.set(marker, s.id);
        return marker;
      }),
    );
    return group.bindTooltip((layer) => ids.get(layer) ?? '', SITE_LABEL);
  }, [drawn]);
  useEffect(() => {
    const bounds = layer.current?.getBounds();
    if (bounds?.isValid()) fitBelowOverlay(map, bounds, 13);
  }, [drawn]);
  return null;
}
