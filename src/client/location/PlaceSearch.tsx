import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PlaceResult } from '../api/apiTypes.js';
import { requestJson } from '../api/requestJson.js';
import { isAbortError } from '../api/ApiRequestError.js';

const DEBOUNCE_MS = 250;
const MIN_QUERY_CHARS = 2;
const MAX_RESULTS = 10;

export const placeLabel = (p: PlaceResult) => (p.country ? `${p.name}, ${p.country}` : p.name);

/**
 * Place-name autocomplete over GET /api/geocode, following the ARIA combobox pattern (list
 * autocomplete): focus stays in the input, arrow keys move the active option announced through
 * aria-activedescendant, Enter picks it, Escape closes the list (a second Escape clears the text).
 */
export function PlaceSearch({ onSelect }: { onSelect: (place: PlaceResult) => void }) {
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlaceResult[]>([]);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [status, setStatus] = useState('');
  // Set when the text changes because of a selection, so that change does not start a new search.
  const skipNextSearch = useRef(false);

  useEffect(() => {
    if (skipNextSearch.current) {
      skipNextSearch.current = false;
      return;
    }
    const q = query.trim();
    if (q.length < MIN_QUERY_CHARS) {
      setResults([]);
      setOpen(false);
      setStatus('');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      requestJson<{ results: PlaceResult[] } | PlaceResult[]>(`/api/geocode?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((body) => {
          const list = (Array.isArray(body) ? body : body.results).slice(0, MAX_RESULTS);
          setResults(list);
          setActiveIndex(-1);
          setOpen(true);
          setStatus(list.length === 0 ? `No place found for "${q}".` : `${list.length} place${list.length === 1 ? '' : 's'} found; use the arrow keys to choose.`);
        })
        .catch((err: unknown) => {
          if (isAbortError(err)) return;
          console.error('Place search failed:', err);
          setResults([]);
          setOpen(false);
          setStatus(`Place search failed: ${(err as Error).message}`);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (place: PlaceResult) => {
    skipNextSearch.current = true;
    setQuery(placeLabel(place));
    setOpen(false);
    setActiveIndex(-1);
    setStatus(`Selected ${placeLabel(place)}.`);
    onSelect(place);
  };

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
        if (open && count > 0) {
          event.preventDefault();
          choose(results[activeIndex >= 0 ? activeIndex : 0]);
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
  return (
    <div className="place-search">
      <label htmlFor={`${baseId}-input`} className="visually-hidden">
        Search a place by name
      </label>
      <input
        id={`${baseId}-input`}
        type="text"
        role="combobox"
        placeholder="Search by Name..."
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? `${baseId}-option-${activeIndex}` : undefined}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
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
            {place.country && <span className="place-country">{place.country}</span>}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
