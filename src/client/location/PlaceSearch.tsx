import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlaceResult } from '../../shared/api/geocode.js';
import { geocodeQueryOptions } from '../api/geocodeApi.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { placeDetail, placeLabel, type Place } from './placeLabel.js';
import { useDebouncedValue } from './useDebouncedValue.js';

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
 * Place-name autocomplete over GET /api/geocode (in the query cache, asked once typing pauses),
 * following the ARIA combobox pattern (list autocomplete): focus stays in the input, arrow keys move
 * the active option announced through aria-activedescendant, Enter picks it (or the first match;
 * pressed while the search runs, it picks the first match when the answer comes), Escape closes the
 * list (a second Escape clears the text). The busy state, "No place found" and failures are shown,
 * not only announced.
 */
export function PlaceSearch({ onSelect }: { onSelect: (place: Place) => void }) {
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const statusId = `${baseId}-status`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // The label of the place picked: the text then names it, and is not searched again.
  const [chosen, setChosen] = useState<string | null>(null);
  // Enter pressed before the answer for the current text arrived: pick its first match on arrival.
  const pickOnArrival = useRef(false);

  const wanted = chosen === null && query.trim().length >= MIN_QUERY_CHARS ? query.trim() : '';
  const asked = useDebouncedValue(wanted, DEBOUNCE_MS);
  const answer = useQuery({ ...geocodeQueryOptions(asked), enabled: asked !== '' && asked === wanted });
  const current = asked === wanted && wanted !== '';
  const found = current && answer.data ? answer.data.slice(0, MAX_RESULTS) : null;
  const failure = current && answer.error && !isAbortError(answer.error) ? answer.error : null;
  // Busy from the keystroke on, through the pause and the request.
  const search: Search =
    wanted === '' ? { kind: 'idle' } : found ? { kind: 'done', query: wanted, results: found } : failure ? { kind: 'failed', query: wanted, message: failure.message } : { kind: 'busy', query: wanted };

  const choose = (place: PlaceResult) => {
    pickOnArrival.current = false;
    setQuery(placeLabel(place));
    setOpen(false);
    setActiveIndex(-1);
    setChosen(placeLabel(place));
    onSelect(place);
  };

  const typed = (text: string) => {
    setQuery(text);
    setChosen(null);
    if (text.trim().length < MIN_QUERY_CHARS) {
      pickOnArrival.current = false;
      setOpen(false);
    }
  };

  // An answer for the text typed: open the list (or pick its first match when Enter came first).
  useEffect(() => {
    if (!found) return;
    if (pickOnArrival.current && found.length > 0) {
      choose(found[0]);
      return;
    }
    pickOnArrival.current = false;
    setActiveIndex(-1);
    setOpen(true);
  }, [found === null ? null : answer.data]);

  useEffect(() => {
    if (!failure) return;
    console.error('Place search failed:', failure);
    pickOnArrival.current = false;
    setOpen(false);
  }, [failure]);

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
          typed('');
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
          onChange={(e) => typed(e.target.value)}
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
