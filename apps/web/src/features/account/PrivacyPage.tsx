import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { QueryState } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { PrivacyText } from './PrivacyText';
import { privacyPageQuery } from './privacyApi';

/**
 * `/privacy`, public (docs/product.md#privacy-page): who runs the event, what is collected and
 * why, how long it is kept, people's rights and whom to ask, as the organisers wrote it (or the
 * template, with this server's real retention periods).
 */
export default function PrivacyPage() {
  const { _ } = useLingui();
  const { status } = useAuth();
  const page = useQuery(privacyPageQuery());
  const back = status === 'signedIn' ? { to: paths.account(), label: _('account.privacy.backToAccount') } : { to: paths.home(), label: _('common.back') };
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${_('account.privacy.title')} · ${appConfig.productName}`}</title>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-5 py-10">
        <Link to={back.to} className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm text-slate-300 underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
        <div>
          <h1 className="text-3xl font-bold text-slate-50">{_('account.privacy.title')}</h1>
          <p className="mt-1 text-slate-300">{_('account.privacy.intro', { productName: appConfig.productName })}</p>
        </div>
        <article aria-label={_('account.privacy.notice')} className="rounded-2xl border border-slate-700/70 bg-slate-900/70 p-5 sm:p-6">
          <QueryState query={page} loading={_('account.privacy.loading')}>
            {(data) => (
              <>
                <PrivacyText body={data.body} />
                {data.updated_at ? (
                  <p className="mt-6 text-sm text-slate-300">{_('account.privacy.lastChanged', { date: formatDate(data.updated_at) })}</p>
                ) : null}
              </>
            )}
          </QueryState>
        </article>
      </main>
      <footer className="px-5 py-6 text-center text-sm text-slate-300">{appConfig.programmeName}</footer>
    </div>
  );
}
