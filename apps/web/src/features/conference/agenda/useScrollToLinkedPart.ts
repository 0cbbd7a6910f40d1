import { useEffect, useRef } from 'react';
import { whenOnPage } from './whenOnPage.ts';

/**
 * A link to one part (from a speaker's profile or a calendar event) scrolls to it once, as soon as
 * it is on the page (its session may be drawn a moment after the day's first, and with "My agenda"
 * chosen it appears only when the stars have loaded).
 */
export function useScrollToLinkedPart(partId: string | null): void {
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!partId || scrolledTo.current === partId) return undefined;
    return whenOnPage(`part-${partId}`, (element) => {
      scrolledTo.current = partId;
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
    });
  }, [partId]);
}
