import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { LogIn, Rocket } from 'lucide-react';
import { TITLE_TYPING_MS } from '@mc/contract/constants.ts';
import { buttonClasses } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { useAuth } from '../../lib/auth';
import { Trans, useLingui } from '@lingui/react';
import { LanguagePicker } from '../../i18n';

/** Types `text` out one character every TITLE_TYPING_MS (docs/product.md#landing-page). */
function useTypedText(text: string): string {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    const timer = window.setInterval(() => {
      setCount((current) => {
        if (current >= text.length) {
          window.clearInterval(timer);
          return current;
        }
        return current + 1;
      });
    }, TITLE_TYPING_MS);
    return () => window.clearInterval(timer);
  }, [text]);
  return text.slice(0, count);
}

export default function LandingPage() {
  const { status } = useAuth();
  const { _ } = useLingui();
  const title = appConfig.productName;
  const typed = useTypedText(title);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to={paths.dashboard()} replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <title>{appConfig.productName}</title>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-8 px-5 py-16 text-center">
        <img
          src="/logo.svg"
          alt={_('landing.logoAlt', { productName: appConfig.productName })}
          width={128}
          height={128}
          className="size-28 drop-shadow-[0_0_35px_rgba(56,189,248,0.35)] sm:size-32"
        />
        <h1 aria-label={title} className="min-h-[1.2em] text-4xl font-black tracking-tight text-slate-50 sm:text-6xl">
          <span aria-hidden="true" data-testid="typed-title">
            {typed}
          </span>
          <span aria-hidden="true" className="animate-caret ml-1 inline-block w-[0.08em] bg-sky-300 align-baseline">
            &nbsp;
          </span>
        </h1>
        <div className="max-w-xl space-y-3 text-lg text-slate-300">
          <p>
            <Trans id="landing.intro" values={{ programmeName: appConfig.programmeName }} components={{ 0: <strong className="text-slate-50" /> }} />
          </p>
          <p className="text-base text-slate-400">{_('landing.summary')}</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to={paths.signUp()} className={buttonClasses('primary', 'lg')}>
            <Rocket aria-hidden="true" className="size-5" />
            {_('landing.signUp')}
          </Link>
          <Link to={paths.signIn()} className={buttonClasses('secondary', 'lg')}>
            <LogIn aria-hidden="true" className="size-5" />
            {_('landing.signIn')}
          </Link>
        </div>
      </main>
      <footer className="flex flex-wrap justify-center gap-x-4 gap-y-1 px-5 py-6 text-center text-sm text-slate-400">
        <span>{appConfig.programmeName}</span>
        <Link to={paths.privacy()} className="rounded-sm text-slate-300 underline underline-offset-4 hover:text-slate-100">
          {_('footer.privacy')}
        </Link>
        <div className="flex basis-full justify-center pt-2">
          <LanguagePicker />
        </div>
      </footer>
    </div>
  );
}
