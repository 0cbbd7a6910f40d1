import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { CHECKIN_FIND_MIN, type CheckinPerson } from '@mc/contract';
import { Alert, Button, Card, CardHeader, QueryState, TextField } from '../../components/ui';
import { checkinFindQuery } from './checkinApi';
import { momentLabel } from './DoorAnswerPanel';

interface FindPersonProps {
  onCheckIn: (person: CheckinPerson) => Promise<void>;
}

/** Someone without their badge: found by name or e-mail address as typed, and checked in with one press (online only). */
export function FindPerson({ onCheckIn }: FindPersonProps) {
  const { _ } = useLingui();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const found = useQuery(checkinFindQuery(term));

  const checkIn = async (person: CheckinPerson) => {
    setBusy(person.badge_id);
    setFailure(null);
    try {
      await onCheckIn(person);
      setTerm('');
      setTyped('');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : _('common.loadFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardHeader title={_('checkin.find.title')} description={_('checkin.find.description')} />
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = typed.trim();
          setTooShort(wanted.length < CHECKIN_FIND_MIN);
          if (wanted.length >= CHECKIN_FIND_MIN) setTerm(wanted);
        }}
      >
        <TextField
          label={_('checkin.find.label')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={tooShort ? _('checkin.find.tooShort') : undefined}
          containerClassName="flex-1"
          autoComplete="off"
          className="min-h-12 text-lg"
        />
        <Button type="submit" size="lg" className="min-h-12" icon={<Search aria-hidden="true" className="size-5" />}>
          {_('checkin.find.search')}
        </Button>
      </form>
      {failure ? (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      ) : null}
      {term ? (
        <div className="mt-4">
          <QueryState query={found} loading={_('checkin.find.searching')}>
            {(people) =>
              people.length === 0 ? (
                <p className="text-slate-300">{_('checkin.find.none')}</p>
              ) : (
                <ul className="flex flex-col gap-2" aria-label={_('checkin.find.results')}>
                  {people.map((person) => {
                    const name = `${person.first_name} ${person.last_name}`.trim();
                    return (
                      <li key={person.badge_id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-700 p-3">
                        <div className="min-w-0">
                          <p className="text-lg font-semibold text-slate-50">{name}</p>
                          {person.checked_in_at ? (
                            <p className="text-sm text-amber-300">
                              {_('checkin.find.checkedInAt', { time: momentLabel(person.checked_in_at), door: person.door ?? '' })}
                            </p>
                          ) : null}
                        </div>
                        <Button size="lg" busy={busy === person.badge_id} busyLabel={_('checkin.find.checkingIn')} onClick={() => void checkIn(person)}>
                          {_('checkin.find.checkIn', { name })}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )
            }
          </QueryState>
        </div>
      ) : null}
    </Card>
  );
}
