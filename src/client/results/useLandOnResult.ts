import { useEffect, useRef, type RefObject } from 'react';

/** Scrolls to the result figure (else the empty answer's explanation, else the results heading) and focuses, once per fetch, when `ready`. */
export function useLandOnResult(ready: boolean, fetchId: number | null, fallback: RefObject<HTMLElement | null>): void {
  const scrolledFor = useRef(0);
  useEffect(() => {
    if (!ready || fetchId === null || scrolledFor.current === fetchId) return;
    scrolledFor.current = fetchId;
    // The figure, else the explanation of an empty answer (with its way out), else the results' heading:
    // never the section's start, which on a phone is the next-pass form beside them.
    const target = document.getElementById('result-figure') ?? document.querySelector<HTMLElement>('#results .empty-answer') ?? document.getElementById('results-heading');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    (target?.id === 'result-figure' ? target : fallback.current)?.focus({ preventScroll: true });
  }, [ready, fetchId]);
}
