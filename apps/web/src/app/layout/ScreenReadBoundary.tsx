import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { LoadError, pageClasses } from '../../components/ui';
import { isNetworkError } from '../../lib/rpcError';

interface BoundaryProps {
  children: ReactNode;
  /** The error's heading, in the interface's language (a class component cannot ask for it itself). */
  title: string;
  queryClient: QueryClient;
  /** The pathname: moving to another screen clears a shown error. */
  resetKey: string;
}

interface BoundaryState {
  error: unknown;
  pathAtRender: string | null;
}

/**
 * A screen that waits for its data while rendering (the programme's screens) throws when that read
 * fails and nothing was kept. That is a read that failed, not a broken screen: it gets the same
 * error with "Try again" as every other screen (docs/product.md#offline-and-updates), inside the
 * layout, so the menu stays. Anything else (a screen's code that could not load, a bug) goes on to
 * the route's error page.
 */
class ReadBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathAtRender: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.pathAtRender === props.resetKey ? null : { pathAtRender: props.resetKey };
    return state.pathAtRender !== null && state.pathAtRender !== props.resetKey ? { error: null, pathAtRender: props.resetKey } : null;
  }

  private stopWatching: () => void = () => undefined;

  override componentDidMount() {
    // A read that failed for want of a network can be answered later without a new render of the
    // screen: the answers kept on this device restored offline, or the network back. Then the
    // screen shows.
    this.stopWatching = this.props.queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && this.answeredSince()) this.setState({ error: null });
    });
  }

  override componentWillUnmount() {
    this.stopWatching();
  }

  /** The shown error is a read lost to the network, and no read holds it any more. */
  private answeredSince(): boolean {
    return this.state.error !== null && isNetworkError(this.state.error) && this.failedReads().length === 0;
  }

  private failedReads() {
    return this.props.queryClient.getQueryCache().findAll({ predicate: (query) => query.state.error === this.state.error });
  }

  private readonly retry = () => {
    // The failed read is forgotten (it has no data to lose: it would not have thrown otherwise), so
    // rendering the screen again asks anew instead of throwing the remembered error.
    for (const query of this.failedReads()) void this.props.queryClient.resetQueries({ queryKey: query.queryKey, exact: true });
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null || this.answeredSince()) return this.props.children;
    // Not a read of the query cache: the route's own error page deals with it.
    if (!(error instanceof Error) || this.failedReads().length === 0) throw error;
    return (
      <section className={pageClasses}>
        <LoadError title={this.props.title} message={error.message} onRetry={this.retry} />
      </section>
    );
  }
}

export function ScreenReadBoundary({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  return (
    <ReadBoundary queryClient={queryClient} resetKey={pathname} title={_('common.screenLoadFailed')}>
      {children}
    </ReadBoundary>
  );
}
