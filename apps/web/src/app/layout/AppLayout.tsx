import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useLingui } from '@lingui/react';
import { LiveIndicator } from '../../components/LiveIndicator';
import { Dialog as RadixDialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { PageSpinner } from '../../components/ui/Spinner';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Sidebar, SidebarReads } from './Sidebar';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { ScreenReadBoundary } from './ScreenReadBoundary';
import { whenQueriesQuiet } from '../screens';
import { keepReadsOfflineUntilAnswered } from '../../lib/offlineReads';
import { useAccountLanguage } from '../../features/auth';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../../components/OptionalPart';

// The bell's code (with its list, its actions and their icons) is not needed for a screen to be
// usable: it loads once the screen has its data, not on the sign-in form's preload, where it held up
// the sign-in's own request on a slow link (docs/performance.md#screens-on-a-phone-npm-run-benchscreens).
const NotificationBell = lazyCode(() => import('../../features/notifications').then((module) => ({ default: module.NotificationBell })));

/** At the latest this long after the layout appears, what waits for the screen's reads comes anyway. */
const READS_DONE_LATEST_MS = 4_000;

/**
 * Whether the screen on show has its data (no read left out, or a few seconds at the latest): what the
 * person does not need to use the screen waits until then, so it does not compete with it.
 */
function useScreenReadsDone(): boolean {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    const latest = setTimeout(() => setDone(true), READS_DONE_LATEST_MS);
    const cancel = whenQueriesQuiet(queryClient, () => setDone(true));
    return () => {
      clearTimeout(latest);
      cancel();
    };
  }, [queryClient]);
  return done;
}

function LaterBell() {
  // The same size as the bell, so the bar does not move when it comes.
  const placeholder = <span aria-hidden="true" className="size-11 shrink-0" />;
  return useScreenReadsDone() ? (
    <OptionalPart placeholder={placeholder}>
      <NotificationBell />
    </OptionalPart>
  ) : (
    placeholder
  );
}

/**
 * Below xl the sidebar is drawn only in the open drawer. What it reads is read once the screen has
 * its data, so the drawer opens complete (its conference dates, Post-Conference, the console's link).
 */
function SidebarReadAhead() {
  return useScreenReadsDone() ? <SidebarReads /> : null;
}

/** Tailwind's xl breakpoint: from here on the sidebar is fixed instead of a drawer. */
const XL_QUERY = '(min-width: 80rem)';

/**
 * Protected screens: sidebar + top bar (with the notification bell) + page
 * (docs/product.md#protected-layout-and-sidebar). From xl the sidebar is fixed and 80 units wide;
 * below xl it is a slide-in drawer (a modal dialog: focus trapped, Escape closes, focus returns to
 * the menu button).
 */
export default function AppLayout() {
  const { _ } = useLingui();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { user } = useAuth();
  // The account's language, once the person is in the app (every device, and the server's mails, use it).
  useAccountLanguage(user?.id ?? null);
  // The offline rule for reads (lib/offlineReads.ts), installed with the signed-in screens that read,
  // so the sign-in page's first download does not carry it.
  const queryClient = useQueryClient();
  useEffect(() => keepReadsOfflineUntilAnswered(queryClient), [queryClient]);
  const closeDrawer = () => setDrawerOpen(false);

  // From xl the sidebar stands beside the page; on a phone it would be drawn for nothing (hidden),
  // and its drawing was most of a signed-in screen's first render there.
  const wide = useMediaQuery(XL_QUERY);
  // A drawer left open while the window grows to xl would keep the page inert behind it.
  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);

  return (
    <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
      <div className="min-h-dvh">
        <a
          href="#main-content"
          className="sr-only z-[60] rounded-md bg-sky-400 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {_('app.layout.skipToContent')}
        </a>

        {wide ? (
          <aside aria-label={_('app.layout.sidebar')} className="fixed inset-y-0 left-0 z-30 w-80 border-r border-slate-800 bg-slate-950/85">
            <Sidebar />
          </aside>
        ) : (
          <SidebarReadAhead />
        )}

        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/70 backdrop-blur-sm xl:hidden" />
          <RadixDialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-[min(20rem,85vw)] border-r border-slate-800 bg-slate-950 shadow-2xl shadow-black/60 focus:outline-none motion-safe:animate-[drawer-in_180ms_ease-out] xl:hidden"
          >
            <RadixDialog.Title className="sr-only">{_('app.layout.menu')}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={_('app.layout.closeMenu')}
              className="absolute top-4 right-3 z-10 inline-flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
            <Sidebar onNavigate={closeDrawer} />
          </RadixDialog.Content>
        </RadixDialog.Portal>

        <div className="flex min-h-dvh flex-col xl:pl-80">
          <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-800 bg-slate-950/80 px-3 backdrop-blur sm:px-6">
            <RadixDialog.Trigger
              aria-label={_('app.layout.openMenu')}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 xl:hidden"
            >
              <Menu aria-hidden="true" className="size-6" />
            </RadixDialog.Trigger>
            <div className="flex min-w-0 flex-1 items-center gap-2 xl:hidden">
              <img src="/logo.svg" alt="" width={28} height={28} className="size-7" />
              <span className="truncate font-semibold text-slate-50">{appConfig.productName}</span>
            </div>
            {/* From xl the sidebar beside it names the product and programme; the bar needs neither. */}
            <div className="hidden flex-1 xl:block" />
            {user?.email ? (
              <p className="hidden max-w-[16rem] truncate text-sm text-slate-400 sm:block xl:hidden" title={user.email}>
                {user.email}
              </p>
            ) : null}
            <LiveIndicator className="max-w-[14rem] text-right" />
            <LaterBell />
          </header>
          <main
            id="main-content"
            tabIndex={-1}
            aria-label={_('app.layout.pageContent')}
            className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
          >
            <ScreenReadBoundary>
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </ScreenReadBoundary>
          </main>
        </div>
      </div>
    </RadixDialog.Root>
  );
}
