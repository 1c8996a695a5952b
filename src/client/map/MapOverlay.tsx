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
