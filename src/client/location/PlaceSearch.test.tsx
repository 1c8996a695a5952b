// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PlaceSearch } from './PlaceSearch.js';

const PARIS = { name: 'Paris', region: 'Île-de-France', country: 'France', lat: 48.85341, lon: 2.3488, population: 2138551 };
const PARIS_TX = { name: 'Paris', region: 'Texas', country: 'United States', lat: 33.66094, lon: -95.55551, population: 24171 };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The geocoder as the page sees it: each call's URL and signal kept; `answer` decides when and what it answers. */
function stubGeocoder(answer: (q: string, signal: AbortSignal) => Promise<Response>) {
  const calls: { q: string; signal: AbortSignal }[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    const q = new URL(input, 'http://127.0.0.1/').searchParams.get('q')!;
    calls.push({ q, signal: init.signal! });
    return answer(q, init.signal!);
  });
  return calls;
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function renderSearch() {
  const onSelect = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <PlaceSearch onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return { onSelect, input: screen.getByRole('combobox') };
}

const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });

describe('PlaceSearch (the geocoder through the query cache)', () => {
  it('asks once typing pauses, not per keystroke, and lists the answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubGeocoder(() => json([PARIS, PARIS_TX]));
    const { input } = renderSearch();
    type(input, 'Pa');
    type(input, 'Par');
    type(input, 'Pari');
    expect(screen.getByRole('status').textContent).toBe('Searching for "Pari"...');
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(calls.map((c) => c.q)).toEqual(['Pari']);
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 places found; use the arrow keys to choose.');
  });

  it('aborts the search for words typed past (its signal reaches fetch)', async () => {
    const calls = stubGeocoder((q, signal) =>
      q === 'Lon' ? new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))) : json([PARIS]),
    );
    const { input } = renderSearch();
    type(input, 'Lon');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    type(input, 'Paris');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0].signal.aborted).toBe(true);
    expect(await screen.findByRole('option')).toBeTruthy();
  });

  it('Enter pressed while the search runs picks the first match when it arrives', async () => {
    let release: () => void = () => undefined;
    const calls = stubGeocoder(() => new Promise<Response>((resolve) => (release = () => void json([PARIS, PARIS_TX]).then(resolve))));
    const { input, onSelect } = renderSearch();
    type(input, 'Paris');
    fireEvent.keyDown(input, { key: 'Enter' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Searching for "Paris"...');
    expect(onSelect).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(onSelect).toHaveBeenCalledWith(PARIS));
    expect((input as HTMLInputElement).value).toBe('Paris, Île-de-France, France');
    expect(screen.getByRole('status').textContent).toBe('Selected Paris, Île-de-France, France.');
  });

  it('says so when nothing matches, and when the search fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubGeocoder((q) => (q === 'Xyzzy' ? json([]) : json({ error: { code: 'internal', message: 'The gazetteer is not loaded.' } }, 500)));
    const { input } = renderSearch();
    type(input, 'Xyzzy');
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('No place found for "Xyzzy". Check the spelling, or type the coordinates or click the map.'));
    type(input, 'Oslo');
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Place search failed: The gazetteer is not loaded. Type the coordinates or click the map instead.'),
    );
    expect(console.error).toHaveBeenCalledWith('Place search failed:', expect.any(Error));
  });
});
