import { lazy, Suspense } from 'react';
import type { AreaDrawing } from '../area/useAreaDrawing.js';

// Issue 33: the drawing layers and tools (Leaflet layers, the spherical area of the corners) load
// when used: as the pointer or focus reaches "Draw an area", or at once when an area is shown.
const loadDrawing = () => import('./DrawingArea.js');
const DrawingLayer = lazy(loadDrawing);
const DrawingTools = lazy(() => loadDrawing().then((m) => ({ default: m.DrawingTools })));

/**
 * Drawing a polygon on the map: each click or tap adds a corner. With a keyboard, the map (focused)
 * moves with the arrow keys and Enter adds the corner under the cross at its centre; Backspace takes
 * the last corner back, Escape stops. The buttons of DrawAreaTools do the same.
 */
export function DrawAreaLayer({ area }: { area: AreaDrawing }) {
  if (!area.drawing && !area.geometry) return null;
  return (
    <Suspense fallback={null}>
      <DrawingLayer area={area} />
    </Suspense>
  );
}

/** To the Area statistics panel, its "Measure the area" button focused (the map is far above it). */
function goToMeasure() {
  const section = document.getElementById('area-statistics');
  section?.scrollIntoView({ block: 'start' });
  section?.querySelector<HTMLButtonElement>('button.primary-button')?.focus({ preventScroll: true });
}

/** The drawing buttons, over the map. */
export function DrawAreaTools({ area }: { area: AreaDrawing }) {
  const idle = <IdleTools area={area} />;
  if (!area.drawing) return idle;
  // Until the drawing tools have arrived, the buttons stay as they were (nothing jumps in the overlay).
  return (
    <Suspense fallback={idle}>
      <DrawingTools area={area} />
    </Suspense>
  );
}

function IdleTools({ area }: { area: AreaDrawing }) {
  const preload = () => void loadDrawing();
  return (
    <div className="map-draw-tools">
      <button type="button" className="map-tool-button" onClick={area.start} onPointerEnter={preload} onFocus={preload}>
        {area.geometry?.drawn ? 'Draw another area' : 'Draw an area'}
      </button>
      {area.geometry && (
        <>
          <button type="button" className="map-tool-button" onClick={goToMeasure}>
            Measure it
          </button>
          <button type="button" className="map-tool-button" onClick={() => area.setGeometry(null)}>
            Clear the area
          </button>
        </>
      )}
    </div>
  );
}
