import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { useLeafletLayer } from './leafletMap.js';
import { RETRY_AFTER_MS, createTileFailureCounter, probeTile, tileUrlFor } from './tileAvailability.js';

// The outline, its grid and the note load only once tiles have failed: not with the first screen (issue 33).
const WorldOutlineMap = lazy(() => import('./WorldOutlineMap.js'));

const MAX_ZOOM = 19;
const TILE_SIZE_PX = 256;

type TileStatus = 'probing' | 'ok' | 'unavailable';

/** Street tiles; the handlers are the latest ones given (a tile's events come long after render). */
function StreetTiles({ url, attribution, onTileLoad, onTileError }: { url: string; attribution: string; onTileLoad: () => void; onTileError: () => void }) {
  const handlers = useRef({ onTileLoad, onTileError });
  useEffect(() => {
    handlers.current = { onTileLoad, onTileError };
  });
  useLeafletLayer(
    () =>
      L.tileLayer(url, { attribution, tileSize: TILE_SIZE_PX, minZoom: 0, maxZoom: MAX_ZOOM }).on({
        tileload: () => handlers.current.onTileLoad(),
        tileerror: () => handlers.current.onTileError(),
      }),
    [url, attribution],
  );
  return null;
}

/**
 * The base map: street tiles when the tile server answers, otherwise the bundled Natural Earth outline
 * (1:110m, 1:50m from zoom 4) with a coordinate grid. One probe tile is asked first; after it fails,
 * or after a few tiles fail in a row, no tile is asked for RETRY_AFTER_MS, so an offline page logs
 * one failed request a minute instead of one per tile on every move.
 */
export function OfflineBaseMap({ tileUrl, tileAttribution }: { tileUrl: string; tileAttribution: string }) {
  const [status, setStatus] = useState<TileStatus>('probing');
  const [failedBefore, setFailedBefore] = useState(false);
  const failures = useMemo(() => createTileFailureCounter(), []);

  useEffect(() => {
    if (status === 'ok') return;
    if (status === 'unavailable') {
      const timer = setTimeout(() => setStatus('probing'), RETRY_AFTER_MS);
      return () => clearTimeout(timer);
    }
    let live = true;
    void probeTile(tileUrlFor(tileUrl, 0, 0, 0)).then((ok) => {
      if (!live) return;
      failures.reset();
      if (!ok) setFailedBefore(true);
      setStatus(ok ? 'ok' : 'unavailable');
    });
    return () => {
      live = false;
    };
  }, [status, tileUrl, failures]);

  return (
    <>
      {status === 'ok' && (
        <StreetTiles
          url={tileUrl}
          attribution={tileAttribution}
          onTileLoad={() => failures.loaded()}
          onTileError={() => {
            if (!failures.failed()) return;
            setFailedBefore(true);
            setStatus('unavailable');
          }}
        />
      )}
      {/* Only once tiles failed: while the first probe runs (a tile's time) the outline need not load. */}
      {status !== 'ok' && failedBefore && (
        // Below the overlay pane (z-index 400) so footprints, the box and the scene image draw on top.
        <Suspense fallback={null}>
          <WorldOutlineMap />
        </Suspense>
      )}
    </>
  );
}
