import { Download, RefreshCw } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { appConfig } from '../../lib/appConfig';

/*
 * The two cards the offline support may show: loaded only when one is about to show, so their
 * markup and icons weigh nothing on the first screens (docs/decisions/009-sign-in-page-budget.md).
 */

export function InstallOfferCard({ ios, onDismiss, onInstall }: { ios: boolean; onDismiss: () => void; onInstall: () => void }) {
  const { _ } = useLingui();
  const productName = appConfig.productName;
  return (
    <section
      aria-label={_('offline.install.label')}
      data-testid="install-prompt"
      className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-sky-300/50 bg-slate-900 px-4 py-3 text-sm text-slate-100 shadow-2xl shadow-black/60"
    >
      <p className="flex-1">{ios ? _('offline.install.ios', { productName }) : _('offline.install.other', { productName })}</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onDismiss}
          className="min-h-9 rounded-lg px-3 font-medium text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300"
        >
          {ios ? _('offline.install.gotIt') : _('offline.install.notNow')}
        </button>
        {ios ? null : (
          <button
            type="button"
            onClick={onInstall}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-sky-400 px-3 font-semibold text-slate-950 hover:bg-sky-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
          >
            <Download aria-hidden="true" className="size-4" />
            {_('offline.install.install')}
          </button>
        )}
      </div>
    </section>
  );
}

export function UpdatePromptCard({ onLater, onReload }: { onLater: () => void; onReload: () => void }) {
  const { _ } = useLingui();
  return (
    <section
      aria-label={_('offline.update.label')}
      data-testid="update-prompt"
      className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-sky-300/50 bg-slate-900 px-4 py-3 text-sm text-slate-100 shadow-2xl shadow-black/60"
    >
      <p className="flex-1">{_('offline.update.body')}</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onLater}
          className="min-h-9 rounded-lg px-3 font-medium text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300"
        >
          {_('offline.update.later')}
        </button>
        <button
          type="button"
          onClick={onReload}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-sky-400 px-3 font-semibold text-slate-950 hover:bg-sky-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {_('offline.update.reload')}
        </button>
      </div>
    </section>
  );
}
