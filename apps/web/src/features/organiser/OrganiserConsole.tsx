import { Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useLingui } from '@lingui/react';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Card, PageSpinner, buttonClasses, cn, LoadError } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { useAuth } from '../../lib/auth';
import { EnrolAuthenticator, verifiedFactors } from '../auth';
import { useOrganiserStatus } from './organiserApi';
import { ORGANISER_SECTIONS } from './sections';
import { lazyCode } from '../../lib/lazyCode';

/** The sections' routes, relative to /organiser. */
const sectionRoutes: RouteObject[] = [
  ...ORGANISER_SECTIONS.map(({ slug, Component }) => (slug ? { path: slug, element: <Component /> } : { index: true, element: <Component /> })),
  { path: '*', element: <UnknownSection /> },
];

const sectionLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
    isActive ? 'bg-sky-400/15 text-sky-100 ring-1 ring-sky-400/40' : 'text-slate-300 hover:bg-white/5 hover:text-slate-50',
  );

/**
 * /organiser: the console's frame. The browser only asks whether to show it; every section's data
 * comes from organiser procedures that the server refuses to anyone who is not an organiser.
 */
export default function OrganiserConsoleRoute() {
  const { pathname } = useLocation();
  // The door's check-in screen lives at the console's address (no new route code on /signin), but
  // it is none of the console: door staff need not be organisers, and its own calls are checked
  // for door staff (docs/product.md#check-in-at-the-door).
  if (pathname === paths.organiser(CHECK_IN_SLUG)) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <CheckInScreen />
      </Suspense>
    );
  }
  return <OrganiserConsole />;
}

const CheckInScreen = lazyCode(() => import('../checkin').then((module) => module.loadCheckInScreen()));

/** Where the check-in screen is, under /organiser. */
const CHECK_IN_SLUG = 'check-in';

function OrganiserConsole() {
  const { _ } = useLingui();
  const status = useOrganiserStatus();
  const section = useRoutes(sectionRoutes);
  const { session } = useAuth();
  // Kept while the set-up runs, so its last step (the recovery codes) stays once the factor counts.
  const [settingUp, setSettingUp] = useState(false);

  if (status.isPending) return <PageSpinner label={_('organiser.console.checkingAccess')} />;
  if (status.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <title>{_('organiser.console.documentTitle', { productName: appConfig.productName })}</title>
        <h1 className="text-2xl font-bold text-slate-50">{_('organiser.console.name')}</h1>
        <LoadError
          title={_('organiser.console.accessCheckFailed')}
          message={status.error.message}
          retrying={status.isFetching}
          onRetry={() => void status.refetch()}
        />
      </div>
    );
  }
  if (!status.data) return <NotAllowed />;
  // Organisers must use two-step sign-in: until an authenticator is set up, the console is only
  // that step (the server refuses every organiser call before it anyway).
  if (settingUp || verifiedFactors(session).length === 0) {
    return <SecondFactorSetup onStarted={() => setSettingUp(true)} onDone={() => setSettingUp(false)} />;
  }

  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <div className="flex flex-col gap-3 lg:sticky lg:top-24 lg:w-56 lg:shrink-0">
        <p className="flex items-center gap-2 px-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">
          <ShieldCheck aria-hidden="true" className="size-4 text-sky-300" />
          {_('organiser.console.name')}
        </p>
        <nav aria-label={_('organiser.console.sectionsNav')} className="-mx-1 overflow-x-auto px-1 pb-1 lg:overflow-visible">
          <ul className="flex gap-1 lg:flex-col">
            {ORGANISER_SECTIONS.map((section) => {
              const Icon = section.icon;
              return (
                <li key={section.slug}>
                  <NavLink to={paths.organiser(section.slug)} end className={sectionLinkClasses}>
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    {_(section.messageId)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<PageSpinner />}>{section}</Suspense>
      </div>
    </div>
  );
}

function SecondFactorSetup({ onStarted, onDone }: { onStarted: () => void; onDone: () => void }) {
  const { _ } = useLingui();
  return (
    <section aria-labelledby="setup-title" className="mx-auto max-w-2xl">
      <title>{_('organiser.secondFactor.documentTitle', { productName: appConfig.productName })}</title>
      <Card className="flex flex-col gap-4">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-sky-400/15 text-sky-200">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <h1 id="setup-title" className="text-2xl font-bold text-slate-50">
          {_('organiser.secondFactor.title')}
        </h1>
        <p className="text-slate-300">{_('organiser.secondFactor.intro')}</p>
        <EnrolAuthenticator onStarted={onStarted} onDone={onDone} />
      </Card>
    </section>
  );
}

/** What anyone who is not an organiser sees at /organiser and below. */
function NotAllowed() {
  const { _ } = useLingui();
  return (
    <section aria-labelledby="not-allowed-title" className="mx-auto max-w-xl">
      <title>{_('organiser.notAllowed.documentTitle', { productName: appConfig.productName })}</title>
      <Card className="flex flex-col items-start gap-4">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-rose-400/15 text-rose-200">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 id="not-allowed-title" className="text-2xl font-bold text-slate-50">
          {_('organiser.notAllowed.title')}
        </h1>
        <p className="text-slate-300">{_('organiser.notAllowed.body')}</p>
        <Link to={paths.dashboard()} className={buttonClasses('secondary', 'sm')}>
          {_('organiser.notAllowed.back')}
        </Link>
      </Card>
    </section>
  );
}

function UnknownSection() {
  const { _ } = useLingui();
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-4">
      <title>{_('organiser.unknownSection.documentTitle', { productName: appConfig.productName })}</title>
      <h1 id="section-title" className="text-2xl font-bold text-slate-50">
        {_('organiser.unknownSection.title')}
      </h1>
      <p className="text-slate-300">{_('organiser.unknownSection.body')}</p>
    </section>
  );
}
