import { createContext, useCallback, useContext, useEffect, useRef, useState, type CSSProperties, type DependencyList, type ReactNode, type RefObject } from 'react';
import L from 'leaflet';

/**
 * Leaflet (BSD-2-Clause) in React without a wrapper library: one map per <LeafletMap>, handed to its
 * children through a context, and three hooks for them (the map, its events, a layer's lifetime).
 * Layers are plain Leaflet objects made in an effect, added to the map, removed when the component
 * unmounts or the values that define them change; everything else is Leaflet's own API.
 */
const MapContext = createContext<L.Map | null>(null);
/** The custom pane the layers below a <MapPane> go into (Leaflet's default pane otherwise). */
const PaneContext = createContext<string | undefined>(undefined);

/** The map of the enclosing <LeafletMap>. */
export function useLeafletMap(): L.Map {
  const map = useContext(MapContext);
  if (!map) throw new Error('useLeafletMap: call it inside a <LeafletMap>');
  return map;
}

/** Listens to the map's events while the component is mounted (the latest handlers each render). */
export function useLeafletMapEvents(handlers: L.LeafletEventHandlerFnMap): void {
  const map = useLeafletMap();
  useEffect(() => {
    map.on(handlers);
    return () => {
      map.off(handlers);
    };
  }, [map, handlers]);
}

/**
 * A layer on the map while the component is mounted: `create` runs again (and the old layer goes)
 * when `deps` change. `paneOptions` is `{ pane }` inside a <MapPane>, `{}` elsewhere (an undefined
 * `pane` option would replace Leaflet's default). Updates that need no new layer (setStyle,
 * setLatLngs, setOpacity) read the returned ref in effects declared after this hook.
 */
export function useLeafletLayer<T extends L.Layer>(create: (paneOptions: { pane?: string }) => T, deps: DependencyList): RefObject<T | null> {
  const map = useLeafletMap();
  const pane = useContext(PaneContext);
  const layer = useRef<T | null>(null);
  useEffect(() => {
    const created = create(pane ? { pane } : {});
    created.addTo(map);
    layer.current = created;
    return () => {
      created.remove();
      layer.current = null;
    };
    // `create` is a new closure each render; the layer is remade only when what defines it changes.
  }, [map, pane, ...deps]);
  return layer;
}

export interface LeafletMapProps {
  className?: string;
  style?: CSSProperties;
  /** Initial view, [lat, lng]: later changes go through the map's own setView/flyTo. */
  center: L.LatLngTuple;
  zoom: number;
  /** Leaflet's map options, read once. */
  options?: L.MapOptions;
  /** Called once the map has its first view. */
  whenReady?: () => void;
  children?: ReactNode;
}

/**
 * The map's container div; the map is made once the div exists and removed on unmount. Children
 * render inside the div (so plain HTML children, such as notes, sit over the map) once the map exists.
 */
export function LeafletMap({ className, style, center, zoom, options, whenReady, children }: LeafletMapProps) {
  const [map, setMap] = useState<L.Map | null>(null);
  const initial = useRef({ center, zoom, options, whenReady });
  const made = useRef<L.Map | null>(null);
  const containerRef = useCallback((node: HTMLDivElement | null) => {
    if (!node || made.current) return;
    const { center, zoom, options, whenReady } = initial.current;
    const created = L.map(node, options);
    made.current = created;
    created.setView(center, zoom);
    if (whenReady) created.whenReady(whenReady);
    setMap(created);
  }, []);
  useEffect(
    () => () => {
      map?.remove();
    },
    [map],
  );
  return (
    <div className={className} style={style} ref={containerRef}>
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}

/**
 * A named map pane (its own stacking level, e.g. below the overlay pane's 400) for the layers inside.
 * The pane is made once per map and kept when this unmounts: Leaflet has no public call to remove a
 * pane, and the layers it held are removed with their components.
 */
export function MapPane({ name, zIndex, children }: { name: string; zIndex: number; children?: ReactNode }) {
  const map = useLeafletMap();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const pane = map.getPane(name) ?? map.createPane(name);
    pane.style.zIndex = String(zIndex);
    setReady(true);
  }, [map, name, zIndex]);
  return ready ? <PaneContext.Provider value={name}>{children}</PaneContext.Provider> : null;
}
