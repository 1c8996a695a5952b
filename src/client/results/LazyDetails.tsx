import { useState, type ReactNode } from 'react';

/**
 * A <details> whose content is rendered only while it is open. The charts' value tables are closed
 * by default, yet were rebuilt on every update of a streaming series: five tables of up to a few
 * hundred rows, twice a second, in the browser that shares the two cores of a small machine with
 * the server (issue 21's five-year journey).
 */
export function LazyDetails({ className, summary, children }: { className?: string; summary: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={className} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children}
    </details>
  );
}
