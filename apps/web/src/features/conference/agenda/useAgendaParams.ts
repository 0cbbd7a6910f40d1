import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';

/** Marks the history entries the agenda wrote itself, as opposed to a link, Back or Forward. */
const OWN_CHANGE = { agendaChange: true } as const;

function isOwnChange(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'agendaChange' in state;
}

export interface AgendaParams {
  params: URLSearchParams;
  /** Sets (or, with null, removes) parameters, replacing the history entry: the agenda's choices are not steps to go back through. */
  update: (changes: Record<string, string | null>) => void;
  /** What is in the search box; the URL's `?q=` follows it. */
  searchText: string;
  /** Puts text in the search box, along with any other changes to the URL in the same step. */
  setSearchText: (value: string, alongside?: Record<string, string | null>) => void;
}

/**
 * The agenda's choices live in the URL (docs/product.md#agenda-schedule), so a shared link, Back and
 * Forward bring them back. The search box keeps its own text: the router applies a URL change a
 * moment later, and a box fed from the URL would lose letters typed in between. The text is taken
 * from the URL again only when something other than the agenda changed it.
 */
export function useAgendaParams(): AgendaParams {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlQuery = params.get('q') ?? '';
  const [searchText, setText] = useState(urlQuery);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (navigationType === 'POP' || !isOwnChange(location.state)) setText(urlQuery);
  }

  function update(changes: Record<string, string | null>) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, state: OWN_CHANGE },
    );
  }

  function setSearchText(value: string, alongside: Record<string, string | null> = {}) {
    setText(value);
    update({ ...alongside, q: value === '' ? null : value });
  }

  return { params, update, searchText, setSearchText };
}
