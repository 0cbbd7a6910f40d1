import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The reachability layer's own state lives in its module: each test gets a fresh copy. */
async function freshNetwork() {
  vi.resetModules();
  return import('./network');
}

describe('the reachability layer', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();

  beforeEach(() => {
    vi.useFakeTimers();
    fetch.mockReset();
    vi.stubGlobal('fetch', fetch);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes offline when a request fails, backs off its probes, and "check now" asks at once', async () => {
    const network = await freshNetwork();
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(network.networkFetch('/rest/v1/rpc/get_all_missions')).rejects.toThrow(network.networkLostMessage());
    expect(network.isReachable()).toBe(false);

    // A dead network for ten minutes: the probes come further and further apart.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const probesSoFar = fetch.mock.calls.length - 1;
    expect(probesSoFar).toBeGreaterThan(5);
    expect(probesSoFar).toBeLessThan(30);

    // The network is back; the next probe is still far away, but the person asks to try again.
    fetch.mockResolvedValue(new Response('ok'));
    const callsBefore = fetch.mock.calls.length;
    network.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(callsBefore + 1);
    expect(fetch).toHaveBeenLastCalledWith('/healthz', expect.objectContaining({ cache: 'no-store' }));
    expect(network.isReachable()).toBe(true);
  });

  it('"check now" sends nothing while the server answers', async () => {
    const network = await freshNetwork();
    network.checkNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();
    expect(network.isReachable()).toBe(true);
  });
});
