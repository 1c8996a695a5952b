import { useEffect, useRef, type RefObject } from 'react';

/** Scrolls to the result figure (else the empty answer's explanation, else the results heading) and focuses, once per fetch, when `ready`. */
export function useLandOnResult(ready: boolean, fetchId: number | null, fallback: RefObject<HTMLElement | null>): void {
  const scrolledFor = useRef(0);
  useEffect(() => {
    if (!ready || fetchId === null || scrolledFor.current === fetchId) return;
    scrolledFor.current = fetchId;
    // The figure, else the results' heading over the empty answer's explanation (with its way out):
    // never the section's start, which on a phone is the next-pass form beside them.
    // (An empty answer is short: its heading and the demo notice stay in view above it.)
    const target = document.getElementById('result-figure') ?? document.getElementById('results-heading');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    (target?.id === 'result-figure' ? target : fallback.current)?.focus({ preventScroll: true });
  }, [ready, fetchId]);
}
