import { useCallback, useEffect, useRef, useState } from 'react';
import type { PixelResponse } from '../../core/landsat/landsatService.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { readNdjsonProgress, type StreamProgress } from './readNdjsonProgress.js';

export type PixelSeriesState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: StreamProgress | null }
  | { kind: 'done'; pixels: PixelResponse }
  | { kind: 'failed'; message: string };

/**
 * Streams /api/pixel/stream with progress. Each start() aborts the previous request (its answer
 * would be for stale filters); an outer signal (the page's fetch) aborts it too, and so does
 * unmounting. Aborting closes the connection, which stops the server's range reads.
 */
export function usePixelSeries() {
  const [state, setState] = useState<PixelSeriesState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback((pixelStreamUrl: string, outerSignal?: AbortSignal): Promise<void> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    outerSignal?.addEventListener('abort', () => own.abort(outerSignal.reason), { once: true });
    const { signal } = own;
    setState({ kind: 'running', progress: null });
    return readNdjsonProgress<PixelResponse>(pixelStreamUrl, { signal, onProgress: (progress) => !signal.aborted && setState({ kind: 'running', progress }) }).then(
      (pixels) => {
        if (!signal.aborted) setState({ kind: 'done', pixels });
      },
      (err: unknown) => {
        if (signal.aborted || isAbortError(err)) return;
        console.error('Could not read the pixel values:', err);
        setState({ kind: 'failed', message: `Could not read the pixel values: ${(err as Error).message}` });
      },
    );
  }, []);

  useEffect(() => () => controller.current?.abort(), []);
  return { state, start };
}
