// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LeafletMap } from '../map/leafletMap.js';
import { OpacitySlider } from './OpacitySlider.js';
import { SceneChoice } from '../filters/SceneChoice.js';
import { SceneImageOverlay } from './SceneImageOverlay.js';
import { StreamProgressNote } from './StreamProgressNote.js';
import { requestSceneImage } from '../api/requestSceneImage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('small analysis controls', () => {
  it('OpacitySlider is a labelled range that reports 0-1', () => {
    const onChange = vi.fn();
    render(<OpacitySlider value={0.7} onChange={onChange} />);
    const slider = screen.getByLabelText('Image opacity: 70%');
    fireEvent.change(slider, { target: { value: '35' } });
    expect(onChange).toHaveBeenCalledWith(0.35);
  });

  it('SceneChoice offers most recent or all scenes', () => {
    const onChange = vi.fn();
    render(<SceneChoice value="latest" onChange={onChange} />);
    expect((screen.getByLabelText('Most recent scene') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('All scenes in the date range'));
    expect(onChange).toHaveBeenCalledWith('all');
  });

  it('StreamProgressNote says "scene 12 of 45"', () => {
    const { rerender } = render(<StreamProgressNote what="Reading pixel values" progress={{ done: 0, total: null }} />);
    expect(screen.getByRole('status').textContent).toContain('finding scenes');
    rerender(<StreamProgressNote what="Reading pixel values" progress={{ done: 0, total: null, searched: { checked: 640, candidates: 1842 } }} />);
    expect(screen.getByRole('status').textContent).toBe('Reading pixel values: finding scenes, cloud cover checked for 640 of 1,842 candidates...');
    expect(screen.getByRole('progressbar', { name: 'Reading pixel values: finding scenes' })).toHaveProperty('value', 640);
    rerender(<StreamProgressNote what="Reading pixel values" progress={{ done: 12, total: 45 }} />);
    expect(screen.getByRole('status').textContent).toContain('scene 12 of 45');
    rerender(<StreamProgressNote what="Band statistics" progress={{ done: 0, total: 1842 }} />);
    expect(screen.getByRole('status').textContent).toBe('Band statistics: scene 0 of 1,842');
  });

  it('SceneImageOverlay lays the image on its lngLat bounds with the given opacity', () => {
    const { container } = render(
      <LeafletMap center={[45, -79]} zoom={8} style={{ width: 400, height: 300 }}>
        <SceneImageOverlay url="data:image/png;base64,iVBORw0KGgo=" boundsLngLat={[-80, 44, -78, 46]} opacity={0.4} />
      </LeafletMap>,
    );
    const img = container.querySelector('img.leaflet-image-layer') as HTMLImageElement;
    expect(img).toBeTruthy();
    expect(img.src).toContain('data:image/png');
    expect(img.style.opacity).toBe('0.4');
  });
});

describe('requestSceneImage', () => {
  it('returns the PNG as a data URL with the x-image-bounds and scene headers', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    vi.stubGlobal('fetch', async () =>
      new Response(png, { headers: { 'content-type': 'image/png', 'x-image-bounds': '-80.000000,44.000000,-78.000000,46.000000', 'x-scene-id': 'LC09_X', 'x-scene-datetime': '2024-05-01T15:50:00Z', 'x-satellite': 'landsat-9', 'x-bands': 'B04,B03,B02', 'x-stretch': 'fixed: 0-0.3 reflectance' } }),
    );
    const image = await requestSceneImage('/api/landsatImage?x');
    expect(image.dataUrl).toBe('data:image/png;base64,iVBORw==');
    expect(image.boundsLngLat).toEqual([-80, 44, -78, 46]);
    expect(image.sceneId).toBe('LC09_X');
    expect(image).toMatchObject({ satellite: 'landsat-9', bands: ['B04', 'B03', 'B02'], stretch: 'fixed: 0-0.3 reflectance', synthetic: false });
  });
});
