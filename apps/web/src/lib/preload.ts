import type { QueryClient } from '@tanstack/react-query';

/** What a screen's data preload needs: the cache, and a session that may call procedures. */
export interface PreloadData {
  queryClient: QueryClient;
  userId: string;
}

type ScreenPreloader = (to: string, data?: PreloadData) => void;

let preloader: ScreenPreloader = () => undefined;

/** The app layer says how screens load (app/screens.ts); features only ask for it. */
export function registerScreenPreloader(next: ScreenPreloader): void {
  preloader = next;
}

/**
 * Starts loading the screen at `to` ahead of its link being followed: its code, and with `data`
 * what it reads. Does nothing for a path with nothing to preload.
 */
export function preloadScreen(to: string, data?: PreloadData): void {
  preloader(to, data);
}
