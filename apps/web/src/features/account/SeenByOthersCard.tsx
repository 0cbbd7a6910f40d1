import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { PersonAudience, SeenByAudience, SeenByOthers } from '@mc/contract';
import { Card, EmailText, QueryState } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { RoleCardView } from '../roles';
import { screenKeys } from '../../lib/screenKeys';
import { howOthersSeeMe } from './accountApi';

/**
 * "What others see of me": the person's search result, team-list row and role card as the server
 * answers them to another attendee (get_how_others_see_me builds each with the code that answers
 * other people), shown with the role card's own component.
 */
export function SeenByOthersCard() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const seen = useQuery({ queryKey: screenKeys.seenByOthers(userId), queryFn: howOthersSeeMe, enabled: userId !== null });
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-50">
        {_('account.seen.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-300">{_('account.seen.intro')}</p>
      <QueryState query={seen} loading={_('account.seen.loading')}>
        {(data) => (
          <>
            <SeenParts seen={data} />
            <SeenByAudiences audiences={data.audiences} />
          </>
        )}
      </QueryState>
    </Card>
  );
}

function Row({ title, name, email, note }: { title: string; name: string; email: string; note?: string }) {
  const { _ } = useLingui();
  return (
    <div className="rounded-lg border border-slate-700 p-3">
      <h3 className="text-xs font-semibold text-slate-300">{title}</h3>
      <p className="font-medium break-words text-slate-100">{name}</p>
      <p className="text-sm break-words text-slate-300">{email ? <EmailText email={email} /> : _('account.seen.noEmail')}</p>
      {note ? <p className="mt-1 text-xs text-slate-300">{note}</p> : null}
    </div>
  );
}

function SeenParts({ seen }: { seen: SeenByOthers }) {
  const { _ } = useLingui();
  const search = seen.search_result;
  const found = seen.found_by === 'whole_email' ? _('account.seen.foundByWholeEmail') : _('account.seen.foundByName');
  return (
    <div className="flex flex-col gap-3" data-testid="seen-by-others">
      <div className="grid gap-3 sm:grid-cols-2">
        {search ? (
          <Row title={_('account.seen.searchResult')} name={`${search.first_name} ${search.last_name}`.trim()} email={search.email} note={found} />
        ) : (
          <div className="rounded-lg border border-slate-700 p-3">
            <h3 className="text-xs font-semibold text-slate-300">{_('account.seen.searchResult')}</h3>
            <p className="text-sm text-slate-200">{_('account.seen.notInSearch')}</p>
          </div>
        )}
        <Row title={_('account.seen.teamRow')} name={`${seen.team_row.first_name} ${seen.team_row.last_name}`.trim()} email={seen.team_row.email} />
      </div>
      <section aria-label={_('account.seen.roleCardLabel')} className="rounded-lg border border-slate-700 p-3" data-testid="seen-role-card">
        <h3 className="mb-2 text-xs font-semibold text-slate-300">{_('account.seen.roleCard')}</h3>
        {seen.role_card ? (
          <div className="flex flex-col gap-4" data-testid="seen-role-card-body">
            <RoleCardView card={seen.role_card} />
          </div>
        ) : (
          <p className="text-sm text-slate-200">{seen.has_role_profile ? _('account.seen.teammatesOnly') : _('account.seen.noRoleProfile')}</p>
        )}
      </section>
    </div>
  );
}

/**
 * How each audience names the person and which contact details it gets, as the server's one rule
 * answers it (people_shown): nothing here is assumed, so it stays true whatever the choice.
 */
function SeenByAudiences({ audiences }: { audiences: SeenByAudience[] }) {
  const { _ } = useLingui();
  const titles: Record<PersonAudience, string> = {
    attendees: _('account.seen.audience.attendees'),
    teammates: _('account.seen.audience.teammates'),
    organisers: _('account.seen.audience.organisers'),
  };
  return (
    <section className="mt-4" aria-label={_('account.seen.audiences')} data-testid="seen-by-audience">
      <h3 className="mb-2 text-sm font-semibold text-slate-200">{_('account.seen.audiences')}</h3>
      <ul className="grid gap-3 sm:grid-cols-3">
        {audiences.map((seen) => (
          <li key={seen.audience} className="rounded-lg border border-slate-700 p-3">
            <h4 className="text-xs font-semibold text-slate-300">{titles[seen.audience]}</h4>
            <p className="font-medium break-words text-slate-100">{`${seen.first_name} ${seen.last_name}`.trim()}</p>
            <p className="text-sm break-words text-slate-300">{seen.email ? <EmailText email={seen.email} /> : _('account.seen.noEmail')}</p>
            <p className="text-sm break-words text-slate-300">{seen.mobile ? seen.mobile : _('account.seen.noMobile')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
