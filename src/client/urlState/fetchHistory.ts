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

/** Back/Forward inside the app: `onPop(search, isFetch)` restores that entry's settings (and results). */
export function usePopState(onPop: (search: string, isFetch: boolean) => void): void {
  const latest = useRef(onPop);
  latest.current = onPop;
  useEffect(() => {
    const handler = (e: PopStateEvent) => latest.current(window.location.search, isFetchEntry(e.state));
    window.addEventListener('popstate', handler);
    return () => window.removeEventListener('popstate', handler);
  }, []);
}
