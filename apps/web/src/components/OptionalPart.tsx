import { Component, Suspense, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/lazyCode';
import { isReachable, subscribeReachability } from '../lib/network';

interface State {
  error: unknown;
  /** Counts the tries: a new one mounts the part afresh, which asks for its code again. */
  attempt: number;
}

interface Props {
  children: ReactNode;
  /** What stands in its place while it loads or cannot (keeping the screen from shifting); nothing by default. */
  placeholder?: ReactNode;
}

/**
 * A part of a screen whose code loads on its own (the bell, the toasts, a card, the offline
 * support): nothing shows while it loads, and when its code cannot be downloaded (the network went
 * before it arrived) the screen goes on without it, instead of giving way to the error page, and
 * the part is tried again when the network comes back (lib/lazyCode tries a failed load again).
 * Any other error is the screen's, as before.
 */
export class OptionalPart extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };
  private stopListening: (() => void) | null = null;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidMount(): void {
    this.stopListening = subscribeReachability(() => {
      if (this.state.error !== null && isReachable()) this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
    });
  }

  override componentWillUnmount(): void {
    this.stopListening?.();
  }

  override render() {
    const { error } = this.state;
    // Any other error is not ours: thrown on, it reaches the screen's error boundary.
    if (error !== null && !isChunkLoadError(error)) throw error;
    const placeholder = this.props.placeholder ?? null;
    if (error !== null) return placeholder;
    return (
      <Suspense key={this.state.attempt} fallback={placeholder}>
        {this.props.children}
      </Suspense>
    );
  }
}
