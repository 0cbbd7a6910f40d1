import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { loadSupabase } from '../../lib/authClient';
import { preloadToasts } from '../../lib/notify';
import { useLingui } from '@lingui/react';
import { LanguagePicker } from '../../i18n';

/**
 * Someone who starts on a form here is about to sign in, sign up or ask for a reset: the auth
 * client and the toasts load now, while they type, so pressing the button waits for neither.
 */
function prepareForAuth(): void {
  void loadSupabase().catch(() => undefined);
  preloadToasts();
}

interface AuthShellProps {
  title: string;
  subtitle: string;
  /** Browser tab title. */
  documentTitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Frame of the public auth screens: header with the product name and a Back link to /. */
export function AuthShell({ title, subtitle, documentTitle, children, footer }: AuthShellProps) {
  const { _ } = useLingui();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${documentTitle} · ${appConfig.productName}`}</title>
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link to={paths.home()} className="flex items-center gap-2 rounded-md font-bold tracking-wide text-slate-50">
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span>{appConfig.productName}</span>
        </Link>
        <Link
          to={paths.home()}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-sky-200 hover:text-sky-100 hover:underline"
        >
          {/* Drawn inline: the sign-in screen's weight budget has no room for the icon library. */}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-4"
          >
            <path d="m12 19-7-7 7-7" />
            <path d="M19 12H5" />
          </svg>
          {_('auth.back')}
        </Link>
      </header>
      <main
        onFocusCapture={prepareForAuth}
        onPointerDownCapture={prepareForAuth}
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:px-6"
      >
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-slate-700/70 bg-slate-900/75 p-5 shadow-2xl shadow-black/40 sm:p-8">
            <div data-toast-clear>
              <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
              <p className="mt-1 text-slate-300">{subtitle}</p>
            </div>
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-5 text-center text-sm text-slate-300">{footer}</div> : null}
          <div className="mt-4 flex justify-center">
            <LanguagePicker />
          </div>
        </div>
      </main>
    </div>
  );
}

export const inlineLinkClasses = 'font-semibold text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline rounded-sm';
