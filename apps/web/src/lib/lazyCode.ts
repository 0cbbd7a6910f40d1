import { createElement, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';
import { isReachable, subscribeReachability } from './network';

/** A piece of code loaded at most once (again only after a failed try), that says when it is there. */
export interface CodeLoader<T> {
  (): Promise<T>;
  /** The loaded code, once it has arrived; undefined before. */
  readonly loaded: () => T | undefined;
}

/** `load`, started at most once: the preload and the screen that shows the code share one load. */
export function loadOnce<T>(load: () => Promise<T>): CodeLoader<T> {
  let pending: Promise<T> | undefined;
  let arrived: { code: T } | undefined;
  const start = (): Promise<T> => {
    pending ??= load().then(
      (code) => {
        arrived = { code };
        return code;
      },
      (error: unknown) => {
        // A chunk that failed to arrive (a dropped connection) is asked for again next time.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(start, { loaded: () => arrived?.code });
}

/**
 * Hands `value` to whoever asks in the same moment, where a settled Promise would answer only
 * after the current work. React reads a lazy component's code from it in the render that asks.
 */
function answeredNow<T>(value: T): Promise<T> {
  const thenable = { then: (onFulfilled: (code: T) => unknown) => onFulfilled(value) };
  // React only calls `then`, with a callback, on what a lazy component's loader answers; its type
  // asks for a whole Promise, whose other methods React never uses.
  return thenable as unknown as Promise<T>;
}

/** What React's `lazy` accepts as a component (its own type, so any props fit). */
type LazyComponent = Parameters<typeof lazy>[0] extends () => Promise<{ default: infer C }> ? C : never;

function isCodeLoader<T>(load: () => Promise<T>): load is CodeLoader<T> {
  return 'loaded' in load;
}

/**
 * A component whose code loads on first use, like React's `lazy`, except that code already loaded
 * (ahead of time, by a preload or an earlier screen) renders at once. With React's own `lazy` each
 * component would suspend once more even then, show its fallback, and React holds back what
 * replaces a fallback by up to 300 ms: on a phone, the signed-in screens paid that several times
 * over before their first line showed (docs/decisions/064-code-already-loaded-renders-at-once.md).
 * Unlike React's `lazy`, a load that failed (no network) can be tried again once the network is
 * back: React keeps a lazy component's failure for good, so the component gets a new `lazy` then,
 * which a part mounted again asks for (components/OptionalPart). Not before: React renders a failed
 * component again at once, and a new `lazy` then would ask again and again while offline.
 */
export function lazyCode<T extends LazyComponent>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const once = isCodeLoader(load) ? load : loadOnce(load);
  let failed = false;
  const attempt = (): LazyExoticComponent<T> =>
    lazy(() => {
      const code = once.loaded();
      if (code) return answeredNow(code);
      return once().catch((error: unknown) => {
        failed = true;
        throw error;
      });
    });
  let current = attempt();
  subscribeReachability(() => {
    if (!failed || !isReachable()) return;
    failed = false;
    current = attempt();
  });
  return function LazyCode(props: ComponentProps<T>) {
    return createElement(current, props);
  };
}

/**
 * A screen's or a part's code could not be loaded: it could not be downloaded (a deploy replaced it
 * while the tab was open, or the network dropped), or files of two builds met (a module asking
 * another for an export that build does not have).
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|does not provide an export named|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
