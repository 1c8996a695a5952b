// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';
import { SceneTimeline } from './SceneTimeline.js';
import { LIST_ROWS_AT_ONCE } from './sceneTimelineRows.js';

// jsdom has no IntersectionObserver: this stand-in keeps what is observed, and `scrollToNote` calls back
// as a browser does when the note under the list comes within the observer's margin.
const observed: { target: Element; callback: IntersectionObserverCallback; connected: boolean }[] = [];
class StandInIntersectionObserver {
  private watches: (typeof observed)[number][] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const watch = { target, callback: this.callback, connected: true };
    this.watches.push(watch);
    observed.push(watch);
  }
  disconnect() {
    for (const w of this.watches) w.connected = false;
  }
}
function scrollToNote(note: Element) {
  const watch = observed.find((w) => w.connected && w.target === note);
  if (!watch) return false;
  act(() => watch.callback([{ isIntersecting: true, target: note } as IntersectionObserverEntry], watch as unknown as IntersectionObserver));
  return true;
}

function entries(count: number): LandsatDataEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const datetime = new Date(Date.UTC(2021, 0, 1) + i * 8 * 86_400_000).toISOString();
    return {
      interval: { from: datetime, to: datetime },
      scene: { id: `LC08_L2SP_018029_SCENE${String(i).padStart(4, '0')}`, satellite: 'landsat-8', sensor: 'OLI/TIRS', datetime, wrsPath: 18, wrsRow: 29, cloudCover: 10 },
      outputs: { data: { bands: { B04: { stats: { min: 0.1, max: 0.1, mean: 0.1, stDev: 0, sampleCount: 9, noDataCount: 0, fillCount: 0 } } } } },
    } as LandsatDataEntry;
  });
}

const props = { pixels: null, bands: ['B04'], startDate: '2021-01-01', endDate: '2025-12-31', selectedSceneId: null, onSelect: () => {} };

beforeEach(() => {
  observed.length = 0;
  vi.stubGlobal('IntersectionObserver', StandInIntersectionObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the scene list brings more rows as it is scrolled', () => {
  it('from the first hand-over past 100 scenes', () => {
    const { container } = render(<SceneTimeline {...props} entries={entries(150)} />);
    expect(container.querySelectorAll('.scene-list tbody tr')).toHaveLength(LIST_ROWS_AT_ONCE);
    expect(scrollToNote(container.querySelector('.scene-list-more')!)).toBe(true);
    expect(container.querySelectorAll('.scene-list tbody tr')).toHaveLength(150);
    expect(container.querySelector('.scene-list-more')).toBeNull();
  });

  it('when the stream had handed over exactly 100 scenes before the next ones', () => {
    // The note comes with scenes 101-150 while the rows in the DOM stay 100: it must be watched too.
    const { container, rerender } = render(<SceneTimeline {...props} entries={entries(LIST_ROWS_AT_ONCE)} />);
    expect(container.querySelector('.scene-list-more')).toBeNull();
    rerender(<SceneTimeline {...props} entries={entries(150)} />);
    const note = container.querySelector('.scene-list-more')!;
    expect(note.textContent).toContain('100 of 150 scenes listed');
    expect(scrollToNote(note)).toBe(true);
    expect(container.querySelectorAll('.scene-list tbody tr')).toHaveLength(150);
  });
});
