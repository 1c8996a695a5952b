import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A section below the fold whose code loads when the person scrolls near it (issue 33: the first load
 * carries only what the first screen needs). Until then, and while its chunk arrives, a placeholder
 * holds its place: the same id, name and heading, and about its height, so nothing below it jumps
 * when it comes. Without IntersectionObserver (old browsers, jsdom) it loads at once.
 */
export function LazySection({ id, label, minHeight, eager = false, children }: { id: string; label: string; minHeight: string; eager?: boolean; children: ReactNode }) {
  // `eager`: the page was opened for this section (a kept job link), so it loads at once.
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const placeholderRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const at = placeholderRef.current;
    if (near || !at) return;
    // Well before it shows: the chunk is small and arrives while the person scrolls.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    observer.observe(at);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = (
    <section ref={placeholderRef} id={id} className="page-section lazy-section" aria-label={label} aria-busy="true" style={{ minHeight }}>
      <h2>{label}</h2>
    </section>
  );
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
