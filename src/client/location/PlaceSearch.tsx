import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PlaceResult } from '../../shared/api/geocode.js';
import { searchPlaces } from '../api/geocodeApi.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { placeDetail, placeLabel, type Place } from './placeLabel.js';

const DEBOUNCE_MS = 250;
const MIN_QUERY_CHARS = 2;
const MAX_RESULTS = 10;

export { placeLabel };

/** What the box knows about the text typed: waiting/searching, an answer for it, or a failure. */
type Search =
  | { kind: 'idle' }
  | { kind: 'busy'; query: string }
  | { kind: 'done'; query: string; results: PlaceResult[] }
  | { kind: 'failed'; query: string; message: string };

/**
 * Place-name autocomplete over GET /api/geocode, following the ARIA combobox pattern (list
 * autocomplete): focus stays in the input, arrow keys move the active option announced through
 * aria-activedescendant, Enter picks it (or the first match; pressed while the search runs, it picks
 * the first match when the answer comes), Escape closes the list (a second Escape clears the text).
 * The busy state, "No place found" and failures are shown, not only announced.
 */
export function PlaceSearch({ onSelect }: { onSelect: (place: Place) => void }) {
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const statusId = `${baseId}-status`;
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [chosen, setChosen] = useState<string | null>(null);
  // Set when the text changes because of a selection, so that change does not start a new search.
  const skipNextSearch = useRef(false);
  // Enter pressed before the answer for the current text arrived: pick its first match on arrival.
  const pickOnArrival = useRef(false);

  const choose = (place: PlaceResult) => {
    pickOnArrival.current = false;
    skipNextSearch.current = true;
    setQuery(placeLabel(place));
    setOpen(false);
    setActiveIndex(-1);
    setSearch({ kind: 'idle' });
    setChosen(placeLabel(place));
    onSelect(place);
  };

  useEffect(() => {
    if (skipNextSearch.current) {
      skipNextSearch.current = false;
      return;
    }
    const q = query.trim();
    setChosen(null);
    if (q.length < MIN_QUERY_CHARS) {
      pickOnArrival.current = false;
      setSearch({ kind: 'idle' });
      setOpen(false);
      return;
    }
    // Busy from the keystroke on, through the debounce and the request.
    setSearch({ kind: 'busy', query: q });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchPlaces(q, controller.signal)
        .then((body) => {
          const results = body.slice(0, MAX_RESULTS);
          if (pickOnArrival.current && results.length > 0) {
            choose(results[0]);
            return;
          }
          pickOnArrival.current = false;
          setSearch({ kind: 'done', query: q, results });
          setActiveIndex(-1);
          setOpen(true);
        })
        .catch((err: unknown) => {
          if (isAbortError(err)) return;
          console.error('Place search failed:', err);
          pickOnArrival.current = false;
          setSearch({ kind: 'failed', query: q, message: (err as Error).message });
          setOpen(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const results = search.kind === 'done' ? search.results : [];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (count === 0) return;
        setOpen(true);
        setActiveIndex((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (count === 0) return;
        setOpen(true);
        setActiveIndex((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        if (search.kind === 'busy') {
          event.preventDefault();
          pickOnArrival.current = true;
        } else if (count > 0) {
          event.preventDefault();
          choose(results[open && activeIndex >= 0 ? activeIndex : 0]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (query !== '') {
          event.preventDefault();
          setQuery('');
        }
        break;
    }
  };

  const expanded = open && results.length > 0;
  const message =
    search.kind === 'busy'
      ? `Searching for "${search.query}"...`
      : search.kind === 'failed'
        ? `Place search failed: ${search.message} Type the coordinates or click the map instead.`
        : search.kind === 'done' && search.results.length === 0
          ? `No place found for "${search.query}". Check the spelling, or type the coordinates or click the map.`
          : search.kind === 'done'
            ? `${search.results.length} place${search.results.length === 1 ? '' : 's'} found; use the arrow keys to choose.`
            : chosen
              ? `Selected ${chosen}.`
              : '';
  // The count of matches is for screen readers only; the list itself shows them.
  const visible = search.kind === 'busy' || search.kind === 'failed' || (search.kind === 'done' && search.results.length === 0);
  return (
    <div className="place-search">
      <label htmlFor={`${baseId}-input`} className="visually-hidden">
        Search a place by name
      </label>
      <div className="place-search-box">
        <input
          id={`${baseId}-input`}
          type="text"
          role="combobox"
          placeholder="Search by Name..."
          autoComplete="off"
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-describedby={statusId}
          aria-busy={search.kind === 'busy'}
          aria-activedescendant={expanded && activeIndex >= 0 ? `${baseId}-option-${activeIndex}` : undefined}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => search.kind === 'done' && search.results.length > 0 && setOpen(true)}
        />
        {search.kind === 'busy' && <span className="place-search-spinner" aria-hidden="true" />}
      </div>
      <ul id={listboxId} role="listbox" aria-label="Places" className="place-search-list" hidden={!expanded}>
        {results.map((place, index) => (
          <li
            key={`${place.name}-${place.lat}-${place.lon}`}
            id={`${baseId}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={index === activeIndex ? 'active' : undefined}
            // mousedown, not click: the input's blur (which closes the list) would come first.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(place);
            }}
          >
            <span className="place-name">{place.name}</span>
            <span className="place-detail">{placeDetail(place)}</span>
          </li>
        ))}
      </ul>
      <p id={statusId} className={visible ? `place-search-status ${search.kind}` : 'place-search-status visually-hidden'} role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
