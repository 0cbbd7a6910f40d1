import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { Vote } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { currentRoundQuery } from './roundsApi';

/**
 * The bell's way to the vote while a round is open, at the top of its panel. The round is read
 * when the panel opens (the dashboard may have read it already), never with every screen.
 */
export default function BellVoteLink({ onNavigate }: { onNavigate: () => void }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const round = useQuery(currentRoundQuery(user?.id ?? null));
  if (round.data?.state !== 'open') return null;
  return (
    <Link
      to={paths.vote()}
      onClick={onNavigate}
      className="flex items-center gap-3 border-b border-slate-700/70 bg-sky-500/10 px-4 py-3 text-sm font-medium text-sky-100 hover:bg-sky-500/20 focus-ring-inset"
    >
      <Vote aria-hidden="true" className="size-4 shrink-0" />
      <span className="break-words">{_('vote.bellLink', { round: round.data.name, left: round.data.votes_left, total: round.data.votes_per_person })}</span>
    </Link>
  );
}
