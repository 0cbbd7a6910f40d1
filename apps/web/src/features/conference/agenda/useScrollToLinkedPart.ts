import { useEffect, useRef } from 'react';

/**
 * A link to one part (from a speaker's profile or a calendar event) scrolls to it once, as soon as
 * it is on the page: with "My agenda" chosen it appears only when the stars have loaded, so the
 * check runs after every render until the part is there.
 */
export function useScrollToLinkedPart(partId: string | null): void {
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!partId || scrolledTo.current === partId) return;
    const element = document.getElementById(`part-${partId}`);
    if (!element) return;
    scrolledTo.current = partId;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  });
}
