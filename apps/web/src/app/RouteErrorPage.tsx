import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { buttonClasses } from '../components/ui/Button';
import { reloadOnceForNewDeploy } from '../lib/storage';
import { isChunkLoadError } from '../lib/lazyCode';
import { isReachable, subscribeReachability } from '../lib/network';
import { paths } from '../lib/paths';
import { appConfig } from '../lib/appConfig';

/** Shown when a screen throws while rendering or its code cannot be downloaded. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { _ } = useLingui();
  const chunkError = isChunkLoadError(error);

  // Without a network the code was simply not fetched: say so, and do not reload (that would only
  // show the browser's own error page); the screen comes once the network is back (the boundary
  // below). Otherwise reload once onto the current build; if that was just tried, say so instead of looping.
  const [offline] = useState(() => chunkError && !isReachable());
  const [reloading] = useState(() => chunkError && !offline && reloadOnceForNewDeploy());

  const chunkMessage = offline ? _('network.refused') : reloading ? _('error.route.updating') : _('error.route.chunkFailed');
  const message = chunkError ? chunkMessage : error instanceof Error ? error.message : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${_('error.route.title')} · ${appConfig.productName}`}</title>
      <h1 className="text-2xl font-bold text-slate-50">{_('error.route.title')}</h1>
      <p className="text-slate-300">{_('error.route.body')}</p>
      {message ? <p className="break-words text-sm text-slate-400">{message}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          {_('error.route.reload')}
        </button>
        <Link to={paths.home()} className={buttonClasses('secondary')}>
          {_('common.returnHome')}
        </Link>
      </div>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Changing it (the pathname) clears a shown error, so navigating away recovers. */
  resetKey: string;
}

interface BoundaryState {
  error: unknown;
  pathAtRender: string | null;
}

/**
 * Catches render errors and failed lazy imports of any screen below it. A screen whose code could
 * not be downloaded without a network is shown by itself once the network is back (lib/lazyCode
 * tries its code again then), without a reload.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathAtRender: null };
  private stopListening: (() => void) | null = null;

  override componentDidMount(): void {
    this.stopListening = subscribeReachability(() => {
      if (isChunkLoadError(this.state.error) && isReachable()) this.setState({ error: null });
    });
  }

  override componentWillUnmount(): void {
    this.stopListening?.();
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.pathAtRender === props.resetKey ? null : { pathAtRender: props.resetKey };
    return state.pathAtRender !== null && state.pathAtRender !== props.resetKey ? { error: null, pathAtRender: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
