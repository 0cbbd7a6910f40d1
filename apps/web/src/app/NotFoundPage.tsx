import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { buttonClasses } from '../components/ui/Button';
import { appConfig } from '../lib/appConfig';
import { paths } from '../lib/paths';

/** Every unknown path (docs/product.md#not-found-page). Its words are in the first download's part of the catalogue. */
export default function NotFoundPage() {
  const { _ } = useLingui();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-6 px-6 py-12 text-center">
      <title>{`${_('notFound.documentTitle')} · ${appConfig.productName}`}</title>
      <img src="/logo.svg" alt="" width={96} height={96} className="size-24 -rotate-12 opacity-90 motion-safe:animate-pulse" />
      <p className="bg-gradient-to-r from-sky-300 to-violet-300 bg-clip-text text-7xl font-black tracking-tight text-transparent">404</p>
      <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{_('notFound.title')}</h1>
      <p className="text-slate-300">{_('notFound.body')}</p>
      <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
        <Home aria-hidden="true" className="size-5" />
        {_('common.returnHome')}
      </Link>
    </main>
  );
}
