import { useState } from 'react';

export interface CollapsedSessions {
  /** The session numbers whose groups are folded; every group starts expanded (docs/decisions/002-agenda-initial-state.md). */
  collapsed: ReadonlySet<number>;
  /** Folds an expanded group, or unfolds a folded one. */
  toggle: (sessionNumber: number) => void;
  /** Unfolds a group, so that "Jump to now" can show the part it goes to. */
  expand: (sessionNumber: number) => void;
}

/** Which session groups of the list the person has folded, for as long as the page is open. */
export function useCollapsedSessions(): CollapsedSessions {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());

  function toggle(sessionNumber: number) {
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(sessionNumber)) next.delete(sessionNumber);
      else next.add(sessionNumber);
      return next;
    });
  }

  function expand(sessionNumber: number) {
    setCollapsed((previous) => new Set([...previous].filter((number) => number !== sessionNumber)));
  }

  return { collapsed, toggle, expand };
}
