import type { Page } from '@playwright/test';

/** What a journey reads and changes of the network blockNetwork set up. */
export interface BlockedNetwork {
  /** While true, the blocked calls and every reachability check fail; set it to false to bring them back. */
  down: boolean;
  /** How many reachability checks (`/healthz`) failed while down. */
  probes: number;
  /** The person's "Try again" has been pressed: checks waiting since the network came back are answered. */
  pressed: () => void;
}

/**
 * Wi-Fi that lets nothing through while `down`: the calls matching `calls` (every procedure call
 * unless told) fail at once, and so does every reachability check. Once the network is back, a
 * check is answered only after `pressed()`, so a background check cannot bring the screen back
 * before the person's "Try again" lands, however slow the machine.
 */
export async function blockNetwork(page: Page, calls = '**/rest/v1/**'): Promise<BlockedNetwork> {
  let press!: () => void;
  const whenPressed = new Promise<void>((resolve) => (press = resolve));
  const state: BlockedNetwork = { down: true, probes: 0, pressed: () => press() };
  await page.route(calls, (route) => (state.down ? route.abort('internetdisconnected') : route.fallback()));
  await page.route('**/healthz', async (route) => {
    if (state.down) {
      state.probes += 1;
      return route.abort('internetdisconnected');
    }
    await whenPressed;
    return route.fallback();
  });
  return state;
}
