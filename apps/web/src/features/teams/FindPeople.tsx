import { useEffect, useId, useState, type ChangeEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import { Search, UserPlus } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { USER_SEARCH_DEBOUNCE_MS, type UserSearchResult } from '@mc/contract';
import { Badge, Button, Spinner } from '../../components/ui';
import { fieldControlClasses } from '../../components/ui/TextField';
import { i18n } from '../../i18n/i18n';
import { PersonLabel } from './PersonLabel';
import { displayName } from './teamRules';
import { searchUsers } from './teamsApi';

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; results: UserSearchResult[] };

/** The search text and its results: a search runs USER_SEARCH_DEBOUNCE_MS after the last keystroke. */
function usePeopleSearch(currentUserId: string | null) {
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });

  // A newer keystroke cancels the older search.
  useEffect(() => {
    const text = term.trim();
    if (text === '') return undefined;
    let current = true;
    const timer = window.setTimeout(() => {
      searchUsers(text, currentUserId).then(
        (results) => {
          if (current) setSearch({ status: 'done', results });
        },
        (error: unknown) => {
          if (!current) return;
          console.error('User search failed', error);
          toast.error(i18n._('teams.search.failed'));
          setSearch({ status: 'idle' });
        },
      );
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [term, currentUserId]);

  function onTermChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setTerm(value);
    // Empty text clears the results at once.
    setSearch(value.trim() === '' ? { status: 'idle' } : { status: 'searching' });
  }

  return { term, search, onTermChange };
}

export interface FindPeopleProps {
  currentUserId: string | null;
  memberIds: ReadonlySet<string>;
  /** People being added right now. */
  adding: ReadonlySet<string>;
  onAdd: (person: UserSearchResult) => void;
  searchRef: RefObject<HTMLInputElement | null>;
}

/** Manage Team's search: people with a role profile, each with Add Member (or why they cannot be added). */
export function FindPeople({ currentUserId, memberIds, adding, onAdd, searchRef }: FindPeopleProps) {
  const { _ } = useLingui();
  const searchId = useId();
  const { term, search, onTermChange } = usePeopleSearch(currentUserId);
  return (
    <section aria-label={_('teams.search.sectionLabel')} className="flex flex-col gap-3">
      <label htmlFor={searchId} className="sr-only">
        {_('teams.search.label')}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          value={term}
          onChange={onTermChange}
          placeholder={_('teams.search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          className={`${fieldControlClasses} pl-9`}
        />
      </div>
      <div aria-live="polite" className="flex flex-col gap-2">
        {search.status === 'searching' ? <Spinner size="sm" label={_('teams.search.searching')} className="text-sm" /> : null}
        {search.status === 'done' && search.results.length === 0 ? (
          <div className="text-sm text-slate-300">
            <p>{_('teams.search.noResults')}</p>
            <p className="mt-1">{_('teams.search.onlyWithProfile')}</p>
          </div>
        ) : null}
      </div>
      {search.status === 'done' && search.results.length > 0 ? (
        <ul aria-label={_('teams.search.results')} className="flex flex-col divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-950/40">
          {search.results.map((person) => (
            <li key={person.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
              <PersonLabel name={displayName(person)} email={person.email} userId={person.id} />
              {memberIds.has(person.id) ? (
                <Badge tone="success">{_('teams.search.alreadyMember')}</Badge>
              ) : !person.accepts_additions ? (
                <Badge tone="neutral">{_('teams.search.refusesAdditions')}</Badge>
              ) : (
                <Button
                  size="sm"
                  icon={<UserPlus aria-hidden="true" className="size-4" />}
                  busy={adding.has(person.id)}
                  busyLabel={_('teams.search.adding')}
                  aria-label={adding.has(person.id) ? undefined : _('teams.search.addMemberLabel', { name: displayName(person) })}
                  onClick={() => onAdd(person)}
                >
                  {_('teams.search.addMember')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
