import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import { Maximize, Minimize } from 'lucide-react';
import type { CurrentRound, Mission } from '@mc/contract';
import { LoadError, PageSpinner, buttonClasses } from '../../components/ui';
import { LiveIndicator } from '../../components/LiveIndicator';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { userMissionsQuery } from '../../lib/queries';
import { paths } from '../../lib/paths';
import { useOrganiserStatus } from '../organiser';
import { currentRoundQuery, LiveRoundPanel, roundPreviewQuery } from '../rounds';
import { allMissionsQuery } from './missionsApi';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../../components/OptionalPart';

/** The ranking: most votes first, then most subscribers, then by name, so ties keep a stable order. */
export function rankMissions(missions: Mission[]): Mission[] {
  return missions
    .filter((mission) => mission.hidden_reason === null)
    .sort(
      (a, b) =>
        b.vote_count - a.vote_count || b.subscription_count - a.subscription_count || a.name.localeCompare(b.name) || a.mission_id.localeCompare(b.mission_id),
    );
}

const MOVE_MS = 600;

/** /live/questions/{part}: a part's questions on the projector (the questions feature's screen, served by this route's splat). */
const QuestionsProjector = lazyCode(() => import('../questions').then((module) => ({ default: module.QuestionsProjector })));
const LIVE_QUESTIONS = '/live/questions/';
/** The part's open (or last closed) poll beside its questions, from the polls feature, loaded with them. */
const PollOnProjector = lazyCode(() => import('../polls').then((module) => ({ default: module.PollOnProjector })));

/**
 * The round the projector shows instead of the everyday ranking: one that is open or closed, a
 * draft with its opening time set, and a result revealed while this screen was watching the round
 * (a fresh load after the reveal shows the everyday ranking again).
 */
function useRoundOnScreen(userId: string | null): CurrentRound | null {
  const current = useQuery(currentRoundQuery(userId));
  const round = current.data ?? null;
  const [watched, setWatched] = useState<string | null>(null);
  const following = round !== null && (round.state === 'open' || round.state === 'closed' || (round.state === 'draft' && round.opens_at !== null));
  useEffect(() => {
    if (following) setWatched(round.round_id);
  }, [following, round?.round_id]);
  if (following) return round;
  return round?.state === 'revealed' && watched === round.round_id ? round : null;
}

/**
 * /live?preview={round}: an organiser's look at a round that has not opened yet, as the projector
 * will show it once it opens (docs/product.md#live-results). Null for anyone else, or any other round.
 */
function useRoundPreview(): CurrentRound | null {
  const [params] = useSearchParams();
  const organiser = useOrganiserStatus().data === true;
  const preview = useQuery(roundPreviewQuery(params.get('preview'), organiser));
  return preview.data ?? null;
}

/**
 * Rows glide to their new place when the order changes (FLIP: measure, invert, play), and jump
 * when the person prefers reduced motion.
 */
function useGlidingRows(order: string[]) {
  const rows = useRef(new Map<string, HTMLLIElement>());
  const before = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const now = new Map<string, number>();
    for (const [id, row] of rows.current) now.set(id, row.getBoundingClientRect().top);
    if (!reduce) {
      for (const [id, top] of now) {
        const previous = before.current.get(id);
        const row = rows.current.get(id);
        if (previous === undefined || !row || previous === top) continue;
        row.animate([{ transform: `translateY(${previous - top}px)` }, { transform: 'translateY(0)' }], { duration: MOVE_MS, easing: 'ease-in-out' });
      }
    }
    before.current = now;
  }, [order]);
  return (id: string) => (element: HTMLLIElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };
}

/**
 * A QR code of an address of the app (its public address from the server's configuration: the
 * projector's own address may be one the room cannot reach, such as localhost or an internal name),
 * with what it is for; the ranking's is /vote. The questions projector is handed one for its part.
 */
function JoinCode({ path = '/vote', alt, caption }: { path?: string; alt?: string; caption?: string }) {
  const { _ } = useLingui();
  const address = `${appConfig.publicUrl || window.location.origin}${path}`;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // The QR library is fetched with the code (the badge screen uses it too: a chunk of its own).
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#020617', light: '#ffffff' } }),
      )
      .then((text) => {
        if (current) setSvg(text);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [address]);
  return (
    <figure className="flex flex-col items-center gap-3 rounded-2xl bg-slate-900/80 p-5 text-center">
      {svg ? (
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
          alt={alt ?? _('live.qrAlt', { address })}
          width={220}
          height={220}
          className="size-44 rounded-lg bg-white 2xl:size-56"
        />
      ) : (
        <div className="size-44 rounded-lg bg-slate-800 2xl:size-56" aria-hidden="true" />
      )}
      <figcaption className="text-lg text-slate-200">
        {caption ?? (
          <>
            {_('live.joinAt')}
            <br />
            <span className="font-semibold text-slate-50">{address.replace(/^https?:\/\//, '')}</span>
          </>
        )}
      </figcaption>
    </figure>
  );
}

function FullScreenButton() {
  const { _ } = useLingui();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  const Icon = full ? Minimize : Maximize;
  return (
    <button type="button" onClick={toggle} className={buttonClasses('secondary')}>
      <Icon aria-hidden="true" className="size-4" />
      {full ? _('live.exitFullScreen') : _('live.fullScreen')}
    </button>
  );
}

/** The projector screens: the closing panel's ranking at /live, a part's questions at /live/questions/{part}. */
export default function LiveScreens() {
  const { pathname } = useLocation();
  if (pathname.startsWith(LIVE_QUESTIONS)) {
    const partId = decodeURIComponent(pathname.slice(LIVE_QUESTIONS.length).split('/')[0] ?? '');
    return (
      <Suspense fallback={<PageSpinner />}>
        <QuestionsProjector
          partId={partId}
          askCode={(path, alt, caption) => <JoinCode path={path} alt={alt} caption={caption} />}
          pollSlot={
            <OptionalPart>
              <PollOnProjector partId={partId} beside />
            </OptionalPart>
          }
        />
      </Suspense>
    );
  }
  return <LiveResultsPage />;
}

/** The closing panel's screen for the projector: the missions ranked by votes, as they move. */
function LiveResultsPage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const missions = useQuery(allMissionsQuery(user?.id ?? null));
  // The person's memberships, which the sidebar reads on every other screen: the live updates keep
  // a hidden mission on its own team's other screens only when they know it is theirs.
  useQuery(userMissionsQuery(user?.id ?? null));
  const ranked = useMemo(() => rankMissions([...(missions.data ?? [])]), [missions.data]);
  const order = useMemo(() => ranked.map((mission) => mission.mission_id), [ranked]);
  const rowRef = useGlidingRows(order);
  const followed = useRoundOnScreen(user?.id ?? null);
  const preview = useRoundPreview();
  const round = preview ?? followed;
  const totalVotes = ranked.reduce((sum, mission) => sum + mission.vote_count, 0);
  const top = ranked[0]?.vote_count ?? 0;

  return (
    <main className="min-h-dvh bg-slate-950 px-6 py-8 text-slate-50 lg:px-12">
      <title>{`${_('live.title')} · ${appConfig.productName}`}</title>
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-xl text-slate-300">{appConfig.programmeName}</p>
          <h1 className="text-4xl font-bold lg:text-6xl">{_('live.title')}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <LiveIndicator className="text-base" />
          <FullScreenButton />
          <Link to={paths.dashboard()} className={buttonClasses('ghost')}>
            {_('live.backToApp')}
          </Link>
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[1fr_auto]">
        {round ? (
          <div className="flex flex-col gap-6">
            {preview ? (
              <p className="rounded-2xl border-2 border-dashed border-amber-300 px-5 py-3 text-xl text-amber-100" data-testid="live-preview">
                {_('live.preview.note', { round: preview.name })}
              </p>
            ) : null}
            <LiveRoundPanel round={round} />
          </div>
        ) : (
          <section aria-labelledby="ranking-heading">
            <h2 id="ranking-heading" className="sr-only">
              {_('live.rankingHeading')}
            </h2>
            {missions.isPending ? (
              <PageSpinner label={_('live.loading')} />
            ) : missions.isError ? (
              <LoadError message={_('live.loadFailed')} onRetry={() => void missions.refetch()} />
            ) : ranked.length === 0 ? (
              <p className="text-3xl text-slate-300">{_('live.empty')}</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {ranked.map((mission, index) => (
                  <li
                    key={mission.mission_id}
                    ref={rowRef(mission.mission_id)}
                    data-testid="live-row"
                    className="relative grid grid-cols-[2.5rem_1fr_auto] items-center sm:grid-cols-[3.5rem_1fr_auto] gap-4 overflow-hidden rounded-2xl bg-slate-900 px-5 py-4"
                  >
                    <span
                      aria-hidden="true"
                      className="absolute inset-y-0 left-0 bg-sky-500/20 transition-[width] duration-500 motion-reduce:transition-none"
                      style={{ width: `${top ? (mission.vote_count / top) * 100 : 0}%` }}
                    />
                    <span className="relative text-2xl font-bold text-slate-300 sm:text-3xl lg:text-4xl">{index + 1}</span>
                    <span className="relative min-w-0 text-2xl font-semibold break-words hyphens-auto sm:text-3xl lg:text-5xl">{mission.name}</span>
                    <span className="relative text-right text-2xl font-bold tabular-nums sm:text-3xl lg:text-5xl">
                      <Trans
                        id="live.rowVotes"
                        values={{ count: mission.vote_count }}
                        components={{ 0: <span className="ml-2 text-xl font-normal text-slate-300" /> }}
                      />
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
        <aside className="flex flex-col gap-6" aria-label={_('live.asideLabel')}>
          <div className={round ? 'hidden' : 'rounded-2xl bg-slate-900/80 p-5 text-center'}>
            <p className="text-lg text-slate-300">{_('live.totalVotes')}</p>
            <p className="text-6xl font-bold tabular-nums" data-testid="total-votes">
              {totalVotes}
            </p>
          </div>
          <JoinCode />
        </aside>
      </div>
    </main>
  );
}
