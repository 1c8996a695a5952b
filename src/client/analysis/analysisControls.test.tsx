// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { OpacitySlider } from './OpacitySlider.js';
import { SceneChoice } from './SceneChoice.js';
import { SceneImageOverlay } from './SceneImageOverlay.js';
import { StreamProgressNote } from './StreamProgressNote.js';
import { usePixelSeries } from './usePixelSeries.js';
import { requestSceneImage } from './requestSceneImage.js';

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
    rerender(<StreamProgressNote what="Reading pixel values" progress={{ done: 12, total: 45 }} />);
    expect(screen.getByRole('status').textContent).toContain('scene 12 of 45');
  });

  it('SceneImageOverlay lays the image on its lngLat bounds with the given opacity', () => {
    const { container } = render(
      <MapContainer center={[45, -79]} zoom={8} style={{ width: 400, height: 300 }}>
        <SceneImageOverlay url="data:image/png;base64,iVBORw0KGgo=" boundsLngLat={[-80, 44, -78, 46]} opacity={0.4} />
      </MapContainer>,
    );
    const img = container.querySelector('img.leaflet-image-layer') as HTMLImageElement;
    expect(img).toBeTruthy();
    expect(img.src).toContain('data:image/png');
    expect(img.style.opacity).toBe('0.4');
  });
});

const ndjson = (lines: unknown[]) => new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { status: 200 });

describe('usePixelSeries', () => {
  it('aborts the previous request when a new one starts and keeps only the newest answer', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      signals.push(init.signal!);
      return Promise.resolve(ndjson([{ type: 'progress', done: 1, total: 1 }, { type: 'result', result: { target: { lat: 1, lon: 2 }, scenes: [], url } }]));
    });
    const { result } = renderHook(() => usePixelSeries());
    await act(async () => {
      void result.current.start('/api/pixel/stream?a');
      await result.current.start('/api/pixel/stream?b');
    });
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    await waitFor(() => expect(result.current.state.kind).toBe('done'));
    expect((result.current.state as { pixels: { url?: string } }).pixels.url).toBe('/api/pixel/stream?b');
  });

  it('reports a failure in words, and an outer abort silently', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(ndjson([{ type: 'error', error: { code: 'upstream_failed', message: 'archive down' }, status: 502 }])));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => usePixelSeries());
    await act(() => result.current.start('/x'));
    expect(result.current.state).toEqual({ kind: 'failed', message: 'Could not read the pixel values: archive down' });

    const outer = new AbortController();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    let pending!: Promise<void>;
    act(() => {
      pending = result.current.start('/y', outer.signal);
    });
    outer.abort();
    await act(() => pending);
    expect(result.current.state.kind).toBe('running'); // left for the newer request, not reported as a failure
  });
});

describe('requestSceneImage', () => {
  it('returns the PNG as a data URL with the x-image-bounds and scene headers', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    vi.stubGlobal('fetch', async () =>
      new Response(png, { headers: { 'content-type': 'image/png', 'x-image-bounds': '-80.000000,44.000000,-78.000000,46.000000', 'x-scene-id': 'LC09_X', 'x-scene-datetime': '2024-05-01T15:50:00Z' } }),
    );
    const image = await requestSceneImage('/api/landsatImage?x');
    expect(image.dataUrl).toBe('data:image/png;base64,iVBORw==');
    expect(image.boundsLngLat).toEqual([-80, 44, -78, 46]);
    expect(image.sceneId).toBe('LC09_X');
  });
});
