import { useEffect, useRef, type ReactNode } from 'react';
import L from 'leaflet';

/**
 * Plain HTML over the map (notes, the drawing tools) in one column at its top right: clicks, taps,
 * double clicks and wheel turns on it stay there, so they neither pick a point nor add a corner.
 */
export function MapOverlay({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    L.DomEvent.disableClickPropagation(ref.current);
    L.DomEvent.disableScrollPropagation(ref.current);
  }, []);
  return (
    <div ref={ref} className="map-overlay">
      {children}
    </div>
  );
}

/**
 * Fits the view to `bounds` so that nothing fitted hides under the overlay column (its height, read
 * now, is kept free at the top).
 */
export function fitBelowOverlay(map: L.Map, bounds: L.LatLngBounds, maxZoom: number): void {
  const overlay = map.getContainer().querySelector<HTMLElement>('.map-overlay');
  const top = overlay ? overlay.offsetTop + overlay.offsetHeight + 12 : 40;
  map.fitBounds(bounds, { paddingTopLeft: [30, Math.min(top, map.getSize().y / 2)], paddingBottomRight: [30, 40], maxZoom });
}
