import { pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { NotificationSettingsCard } from '../notifications';
import { AnonymityCard, DetailsCard, SeenByOthersCard } from './ProfileCards';
import { DeleteAccountCard, DownloadDataCard } from './DataCards';

const TITLE = 'My account';

/**
 * docs/product.md#account-page: what the product holds about the signed-in person and what they
 * can do with it, on one page. Signed-in sessions are listed by the sessions feature, which adds
 * its card here.
 */
export default function AccountPage() {
  return (
    <div className={`${pageClasses} flex flex-col gap-6`}>
      <title>{`${TITLE} · ${appConfig.productName}`}</title>
      <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{TITLE}</h1>
      <DetailsCard />
      <AnonymityCard />
      <SeenByOthersCard />
      <NotificationSettingsCard />
      <DownloadDataCard />
      <DeleteAccountCard />
    </div>
  );
}
