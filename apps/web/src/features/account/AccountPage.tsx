import { Link } from 'react-router';
import { pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { NotificationSettingsCard } from '../notifications';
import { CalendarAddressCard, SessionsCard } from './AccessCards';
import { AnonymityCard, DetailsCard } from './ProfileCards';
import { DeleteAccountCard, DownloadDataCard } from './DataCards';
import { SeenByOthersCard } from './SeenByOthersCard';

const TITLE = 'My account';

/**
 * docs/product.md#account-page: what the product holds about the signed-in person and what they
 * can do with it, on one page.
 */
export default function AccountPage() {
  return (
    <div className={`${pageClasses} flex flex-col gap-6`}>
      <title>{`${TITLE} · ${appConfig.productName}`}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{TITLE}</h1>
        <p className="mt-1 text-sm text-slate-300">
          What this app holds about you, and what you can do with it. How it is kept:{' '}
          <Link to={paths.privacy()} className="text-sky-300 underline underline-offset-4 hover:text-sky-200">
            Privacy
          </Link>
          .
        </p>
      </div>
      <DetailsCard />
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
