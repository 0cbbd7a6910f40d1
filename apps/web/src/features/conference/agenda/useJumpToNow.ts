import { useEffect, useRef, useState } from 'react';
import { jumpTarget, partMatches, type AgendaCriteria } from '../agendaSearch.ts';
import type { ScheduledPart } from '../programme.ts';
import { dayHeadingId } from './AgendaDays.tsx';
import type { AgendaParams } from './useAgendaParams.ts';
import { whenOnPage } from './whenOnPage.ts';

export interface JumpToNowInputs {
  /** Today's conference day at the venue; undefined when today is not one, and there is nowhere to jump. */
  todayDay: number | undefined;
  /** Every part of the programme, with its day and its moments. */
  parts: readonly ScheduledPart[];
  /** The type, room and "My agenda" filters: the jump goes to a part they let through. */
  filters: AgendaCriteria;
  /** The day whose tab is chosen, as the tabs name it. */
  selectedDay: string;
  /** Whether search results are on the page instead of the day tabs. */
  searching: boolean;
  /** Unfolds the session group of the part jumped to. */
  expandSession: (sessionNumber: number) => void;
  setSearchText: AgendaParams['setSearchText'];
}

/**
 * "Jump to now": today's tab, scrolled to the part on now (or next, or the day's last), or to the
 * day's heading when the filters leave nothing on it. It leaves the search for today's tab, which
 * draws a moment later (the router applies the URL change in a transition, and the tab draws its
 * content after it is chosen): the jump happens once that tab shows its target.
 */
export function useJumpToNow({ todayDay, parts, filters, selectedDay, searching, expandSession, setSearchText }: JumpToNowInputs): () => void {
  const jump = useRef<{ day: string; elementId: string } | null>(null);
  // Counts the presses only to draw the page again, so that the effect below looks for the target.
  const [, setJumps] = useState(0);
  useEffect(() => {
    const pending = jump.current;
    if (!pending || searching || pending.day !== selectedDay) return undefined;
    return whenOnPage(pending.elementId, (element) => {
      jump.current = null;
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
      element.focus({ preventScroll: true });
    });
  });

  return function jumpToNow() {
    if (todayDay === undefined) return;
    const target = jumpTarget(
      parts.filter((entry) => entry.day === todayDay && partMatches(entry.part, filters)),
      new Date(),
    );
    jump.current = { day: String(todayDay), elementId: target ? `part-${target.id}` : dayHeadingId(todayDay) };
    if (target) expandSession(target.session.sessionNumber);
    setSearchText('', { day: String(todayDay), part: null });
    setJumps((count) => count + 1);
  };
}
