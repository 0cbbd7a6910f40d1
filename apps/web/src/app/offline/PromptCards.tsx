import { Download, RefreshCw } from 'lucide-react';
import { appConfig } from '../../lib/appConfig';

/*
 * The two cards the offline support may show: loaded only when one is about to show, so their
 * markup and icons weigh nothing on the first screens (docs/decisions/009-sign-in-page-budget.md).
 */

export function InstallOfferCard({ ios, onDismiss, onInstall }: { ios: boolean; onDismiss: () => void; onInstall: () => void }) {
  return (
    <section
      aria-label="Install the app"
      data-testid="install-prompt"
      className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-sky-300/50 bg-slate-900 px-4 py-3 text-sm text-slate-100 shadow-2xl shadow-black/60"
    >
      <p className="flex-1">
        {ios
          ? `Keep ${appConfig.productName} on your home screen: tap Share, then "Add to Home Screen". It opens like an app, offline too.`
          : `Install ${appConfig.productName} on this device: it opens like an app, on your dashboard, offline too.`}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onDismiss}
          className="min-h-9 rounded-lg px-3 font-medium text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300"
        >
          {ios ? 'Got it' : 'Not now'}
        </button>
        {ios ? null : (
          <button
            type="button"
            onClick={onInstall}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-sky-400 px-3 font-semibold text-slate-950 hover:bg-sky-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
          >
            <Download aria-hidden="true" className="size-4" />
            Install
          </button>
        )}
      </div>
    </section>
  );
}

export function UpdatePromptCard({ onLater, onReload }: { onLater: () => void; onReload: () => void }) {
  return (
    <section
      aria-label="Update available"
      data-testid="update-prompt"
      className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-sky-300/50 bg-slate-900 px-4 py-3 text-sm text-slate-100 shadow-2xl shadow-black/60"
    >
      <p className="flex-1">A new version of the app is ready. Reload to use it; what you typed on this screen may be lost.</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onLater}
          className="min-h-9 rounded-lg px-3 font-medium text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300"
        >
          Later
        </button>
        <button
          type="button"
          onClick={onReload}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-sky-400 px-3 font-semibold text-slate-950 hover:bg-sky-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Reload to update
        </button>
      </div>
    </section>
  );
}
