import { lazy, type LazyExoticComponent } from 'react';

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
 */
export function lazyCode<T extends LazyComponent>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  const once = isCodeLoader(load) ? load : loadOnce(load);
  return lazy(() => {
    const code = once.loaded();
    return code ? answeredNow(code) : once();
  });
}
