import { useEffect, useRef } from 'react';

/** Marks a history entry made by Fetch Data: Back and Forward to it show that fetch's results again. */
interface FetchEntryState {
  landsatFetch: true;
}

const isFetchEntry = (state: unknown): state is FetchEntryState => typeof state === 'object' && state !== null && (state as FetchEntryState).landsatFetch === true;

/** True when the current entry belongs to a fetch (its URL then names that fetch, not the form being edited). */
export const currentEntryIsFetch = () => isFetchEntry(window.history.state);

/** One history entry per fetch, its URL the fetch's settings (a link to share, a place for Back to return to). */
export function pushFetchEntry(search: string): void {
  const url = `${window.location.pathname}${search}${window.location.hash}`;
  const state: FetchEntryState = { landsatFetch: true };
  // The same fetch again (the same settings) replaces rather than stacks an entry Back would only repeat;
  // so does a fetch at the place the current entry names (one entry per place: Back goes to the place before).
  const samePlace = (a: string, b: string) => {
    const [qa, qb] = [new URLSearchParams(a), new URLSearchParams(b)];
    return qa.get('lat') === qb.get('lat') && qa.get('lon') === qb.get('lon');
  };
  if ((currentEntryIsFetch() && window.location.search === search) || (!currentEntryIsFetch() && samePlace(window.location.search, search))) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
}

type PopHandler = (search: string, isFetch: boolean) => void;
const popHandlers = new Set<PopHandler>();

/**
 * One window listener calls every part of the page that restores something (the settings, the polygon,
 * the chosen scene) in one go: with a listener each, the browser would run React's render between them
 * (a microtask checkpoint after each listener), and the URL would be rewritten from a half-restored page.
 */
function onPopState(e: PopStateEvent): void {
  const search = window.location.search;
  const isFetch = isFetchEntry(e.state);
  for (const handler of [...popHandlers]) handler(search, isFetch);
}

/** Back/Forward inside the app: `onPop(search, isFetch)` restores that entry's settings (and results). */
export function usePopState(onPop: PopHandler): void {
  const latest = useRef(onPop);
  latest.current = onPop;
  useEffect(() => {
    const handler: PopHandler = (search, isFetch) => latest.current(search, isFetch);
    if (popHandlers.size === 0) window.addEventListener('popstate', onPopState);
    popHandlers.add(handler);
    return () => {
      popHandlers.delete(handler);
      if (popHandlers.size === 0) window.removeEventListener('popstate', onPopState);
    };
  }, []);
}
