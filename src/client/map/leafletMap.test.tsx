// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import L from 'leaflet';
import { LeafletMap, MapPane, useLeafletLayer, useLeafletMap, useLeafletMapEvents } from './leafletMap.js';

afterEach(cleanup);

function Line({ lat }: { lat: number }) {
  useLeafletLayer(
    (pane) =>
      L.polyline(
        [
          [lat, 0],
          [lat, 10],
        ],
        { ...pane, className: `line-${lat}` },
      ),
    [lat],
  );
  return null;
}

describe('LeafletMap and its hooks', () => {
  it('makes one map at the initial view, renders children in its container, and tells when it is ready', () => {
    const ready = vi.fn();
    let seen: L.Map | undefined;
    function Probe() {
      seen = useLeafletMap();
      return <p className="note">over the map</p>;
    }
    const { container } = render(
      <LeafletMap className="test-map" center={[45, -79]} zoom={8} options={{ maxZoom: 12 }} whenReady={ready} style={{ width: 400, height: 300 }}>
        <Probe />
      </LeafletMap>,
    );
    const div = container.querySelector('.test-map.leaflet-container')!;
    expect(div.querySelector(':scope > p.note')?.textContent).toBe('over the map');
    expect(seen?.getCenter()).toMatchObject({ lat: 45, lng: -79 });
    expect(seen?.getZoom()).toBe(8);
    expect(seen?.getMaxZoom()).toBe(12);
    expect(ready).toHaveBeenCalledOnce();
  });

  it('adds a layer while mounted, remakes it when its deps change, removes it on unmount', () => {
    const view = (lat: number | null) => (
      <LeafletMap center={[0, 0]} zoom={2} style={{ width: 400, height: 300 }}>
        {lat !== null && <Line lat={lat} />}
      </LeafletMap>
    );
    const { container, rerender } = render(view(5));
    expect(container.querySelectorAll('.leaflet-overlay-pane path.line-5')).toHaveLength(1);
    rerender(view(6));
    expect(container.querySelectorAll('.leaflet-overlay-pane path.line-5')).toHaveLength(0);
    expect(container.querySelectorAll('.leaflet-overlay-pane path.line-6')).toHaveLength(1);
    rerender(view(null));
    expect(container.querySelectorAll('.leaflet-map-pane path')).toHaveLength(0);
  });

  it('puts the layers inside a MapPane into that pane, at its z-index, and reuses the pane when it comes back', () => {
    const view = (shown: boolean) => (
      <LeafletMap center={[0, 0]} zoom={2} style={{ width: 400, height: 300 }}>
        {shown && (
          <MapPane name="grid" zIndex={160}>
            <Line lat={1} />
          </MapPane>
        )}
      </LeafletMap>
    );
    const { container, rerender } = render(view(true));
    const pane = container.querySelector<HTMLElement>('.leaflet-grid-pane')!;
    expect(pane.style.zIndex).toBe('160');
    expect(pane.querySelectorAll('path.line-1')).toHaveLength(1);
    expect(container.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(0);
    rerender(view(false));
    expect(container.querySelectorAll('.leaflet-map-pane path')).toHaveLength(0);
    rerender(view(true));
    expect(container.querySelectorAll('.leaflet-grid-pane')).toHaveLength(1);
    expect(container.querySelectorAll('.leaflet-grid-pane path.line-1')).toHaveLength(1);
  });

  it('passes map events to the latest handlers and stops on unmount', () => {
    let map: L.Map | undefined;
    const calls: string[] = [];
    function Listener({ tag }: { tag: string }) {
      map = useLeafletMap();
      useLeafletMapEvents({ click: () => calls.push(tag) });
      return null;
    }
    const view = (tag: string | null) => (
      <LeafletMap center={[0, 0]} zoom={2} style={{ width: 400, height: 300 }}>
        {tag && <Listener tag={tag} />}
      </LeafletMap>
    );
    const { rerender } = render(view('first'));
    map!.fire('click', { latlng: L.latLng(1, 2) });
    rerender(view('second'));
    map!.fire('click', { latlng: L.latLng(1, 2) });
    rerender(view(null));
    map!.fire('click', { latlng: L.latLng(1, 2) });
    expect(calls).toEqual(['first', 'second']);
  });
});
