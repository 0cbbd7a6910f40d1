import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../lib/paths';
import { registerScreenPreloader, type PreloadData } from '../lib/preload';
import { withMessages } from '../i18n/i18n';
import { SIGNED_IN_AREAS } from '../i18n/languages';
import { loadOnce } from '../lib/lazyCode';

/**
 * The signed-in screens' code, one chunk each, and how to start loading a screen before it is
 * shown: its code, the layout around it, and (through ./screenData, loaded with the layout) the
 * data it reads, all at once rather than one after another. Light on purpose: /signin's entry
 * holds this table, not the screens or their queries (docs/decisions/025-virtualised-missions-list-and-prefetching.md).
 */
export const screenCode = {
  // The layout brings the signed-in app's words, so every screen inside it has them.
  appLayout: loadOnce(withMessages(SIGNED_IN_AREAS, () => import('./layout/AppLayout'))),
  dashboard: loadOnce(() => import('../features/dashboard/DashboardPage')),
  viewRoleProfile: loadOnce(() => import('../features/profiles/ViewRoleProfilePage')),
  myMission: loadOnce(() => import('../features/missions/MyMissionPage')),
  allMissions: loadOnce(() => import('../features/missions/AllMissionsPage')),
  missionDetails: loadOnce(() => import('../features/missions/MissionDetailsPage')),
  speakersDirectory: loadOnce(() => import('../features/conference/SpeakersDirectoryPage')),
  agendaSchedule: loadOnce(() => import('../features/conference/AgendaSchedulePage')),
};

export type ScreenName = Exclude<keyof typeof screenCode, 'appLayout'>;

const MISSION_PREFIX = '/mission/';

/** Which screen (and, for a mission, which one) a path shows; null for screens not preloaded. */
export function screenAt(pathname: string): { name: ScreenName; missionId?: string } | null {
  // A mission's details, not a page under it (its check-in form).
  if (pathname.startsWith(MISSION_PREFIX) && pathname.length > MISSION_PREFIX.length && !pathname.includes('/', MISSION_PREFIX.length)) {
    return { name: 'missionDetails', missionId: decodeURIComponent(pathname.slice(MISSION_PREFIX.length)) };
  }
  const byPath: Record<string, ScreenName> = {
    [paths.dashboard()]: 'dashboard',
    [paths.viewRoleProfile()]: 'viewRoleProfile',
    [paths.myMission()]: 'myMission',
    [paths.allMissions()]: 'allMissions',
    [paths.speakersDirectory()]: 'speakersDirectory',
    [paths.agendaSchedule()]: 'agendaSchedule',
  };
  const name = byPath[pathname];
  return name ? { name } : null;
}

function quietly(loading: Promise<unknown>): void {
  // A failed preload is retried by the screen itself when it renders, which shows the error.
  loading.catch(() => undefined);
}

/**
 * Starts loading the screen at `to` (a path, with or without a query): its code and the layout's,
 * and, when `data` is given (the session is known and may call procedures), what it reads.
 * Calling it again is cheap: chunks load once, and cached answers are not asked again while fresh.
 */
export function preloadScreen(to: string, data?: PreloadData): void {
  const screen = screenAt(to.split(/[?#]/)[0] ?? to);
  if (!screen) return;
  quietly(screenCode.appLayout());
  quietly(screenCode[screen.name]());
  // The data preloads' own code comes with the screen's, so it is there when the session is.
  const screenData = import('./screenData');
  quietly(screenData);
  if (data) quietly(screenData.then(({ prefetchScreenData }) => prefetchScreenData(screen, data.queryClient, data.userId)));
}

// Screens outside the app layer (the sign-in form) reach it through lib/preload.
registerScreenPreloader(preloadScreen);

/**
 * Once someone is signed in and the screen they are on has its data (no query left fetching), the
 * other signed-in screens' code loads in the background, so following a link waits only for data.
 * One screen at a time, each when the main thread is idle: run all at once, their code was one long
 * stretch of work during which a tap or a scroll on a phone went unanswered. Answers the cancel.
 */
export function preloadScreensWhenQuiet(queryClient: QueryClient): () => void {
  let cancelled = false;
  const loadFrom = (index: number) => {
    const load = Object.values(screenCode)[index];
    if (cancelled || !load) return;
    const next = () => loadFrom(index + 1);
    // A screen whose code failed to load is tried again when its link is followed.
    whenIdle(() => (cancelled ? undefined : void load().then(next, next)));
  };
  const cancelWaiting = whenQueriesQuiet(queryClient, () => loadFrom(0));
  return () => {
    cancelled = true;
    cancelWaiting();
  };
}

/** Runs `run` when the browser has nothing else to do (at the latest after a second); soon, where it cannot tell. */
function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1_000 });
  else setTimeout(run, 50);
}

/**
 * Runs `run` once no query is fetching (after a short quiet moment): the screen on show has its
 * data, so what loads now no longer competes with what the person is waiting for. Answers the cancel.
 */
export function whenQueriesQuiet(queryClient: QueryClient, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const finish = () => {
    done = true;
    unsubscribe();
    run();
  };
  const check = () => {
    clearTimeout(timer);
    // Quiet for a moment: a screen often starts its next call as the previous one answers.
    if (!done && queryClient.isFetching() === 0) timer = setTimeout(finish, 250);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  check();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
