import { Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { Card, CardHeader, PageSpinner, pageClasses } from '../../components/ui';
import { LanguagePicker } from '../../i18n';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { NotificationSettingsCard } from '../notifications';
import { CalendarAddressCard, SessionsCard } from './AccessCards';
import { AnonymityCard, DetailsCard } from './ProfileCards';
import { DeleteAccountCard, DownloadDataCard } from './DataCards';
import { SeenByOthersCard } from './SeenByOthersCard';
import { lazyCode } from '../../lib/lazyCode';

/** The interface's language, as on the public screens (docs/product.md#languages). */
function LanguageCard() {
  const { _ } = useLingui();
  return (
    <Card>
      <CardHeader title={_('account.language.title')} description={_('account.language.description')} />
      <LanguagePicker />
    </Card>
  );
}

const MyBadgePage = lazyCode(() => import('../checkin').then((module) => module.loadMyBadgePage()));

/**
 * My badge (docs/product.md#my-badge) is reached through this page's route, so the route table (in
 * /signin's first download) gains no screen of its own; its code is a chunk of its own.
 */
export default function AccountRoute() {
  const { pathname } = useLocation();
  if (pathname === paths.account() || pathname === `${paths.account()}/`) return <AccountPage />;
  // Nothing else lives under /account: an address mistyped there shows the account page.
  if (pathname !== paths.myBadge()) return <Navigate to={paths.account()} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <MyBadgePage />
    </Suspense>
  );
}

/**
 * docs/product.md#account-page: what the product holds about the signed-in person and what they
 * can do with it, on one page.
 */
function AccountPage() {
  const { _ } = useLingui();
  const title = _('account.title');
  return (
    <div className={`${pageClasses} flex flex-col gap-6`}>
      <title>{`${title} · ${appConfig.productName}`}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-300">
          <Trans
            id="account.intro"
            components={{ 0: <Link to={paths.privacy()} className="text-sky-300 underline underline-offset-4 hover:text-sky-200" /> }}
          />
        </p>
      </div>
      <DetailsCard />
      <LanguageCard />
      <AnonymityCard />
      <SeenByOthersCard />
      <NotificationSettingsCard />
      <SessionsCard />
      <CalendarAddressCard />
      <DownloadDataCard />
      <DeleteAccountCard />
    </div>
  );
}
