import { useEffect, useRef, type RefObject } from 'react';

/** Scrolls to the result figure (else the results section) and focuses it, once per fetch, when `ready`. */
export function useLandOnResult(ready: boolean, fetchId: number | null, fallback: RefObject<HTMLElement | null>): void {
  const scrolledFor = useRef(0);
  useEffect(() => {
    if (!ready || fetchId === null || scrolledFor.current === fetchId) return;
    scrolledFor.current = fetchId;
    const figure = document.getElementById('result-figure');
    (figure ?? fallback.current)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    (figure ?? fallback.current)?.focus({ preventScroll: true });
  }, [ready, fetchId]);
}
