import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/Button';
import { reloadOnceForNewDeploy } from '../lib/storage';
import { paths } from './paths';

/** A screen's code chunk could not be downloaded: usually a deploy replaced it while the tab was open. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);
}

/** Shown when a screen throws while rendering or its code cannot be downloaded. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError && reloadOnceForNewDeploy()) return;
    console.error(error);
  }, [chunkError, error]);

  const message = chunkError
    ? 'A new version of the app is available.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-50">Something went wrong</h1>
      <p className="text-slate-300">The mission hit turbulence. Reload the page, or head back home.</p>
      {message ? <p className="break-words text-sm text-slate-400">{message}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home()} className={buttonClasses('secondary')}>
          Return Home
        </Link>
      </div>
    </main>
  );
}
