import { lazy, Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyCode, loadOnce } from './lazyCode';

function Greeting() {
  return <h1>Welcome</h1>;
}

/** A chunk that arrives when the test says so, and counts how often it was asked for. */
function chunk() {
  let asked = 0;
  let arrive: (code: { default: ComponentType }) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = () => {
    asked += 1;
    return new Promise<{ default: ComponentType }>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
  };
  return { load, asked: () => asked, arrive: () => arrive({ default: Greeting }), fail: (error: Error) => fail(error) };
}

/** A chunk a preload has already brought, and its shared loader. */
async function preloaded() {
  const code = chunk();
  const load = loadOnce(code.load);
  const preload = load();
  code.arrive();
  await preload;
  return { code, load, preload };
}

function renderInSuspense(Component: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <Component />
    </Suspense>,
  );
}

describe('loadOnce', () => {
  it('asks for the code once however often it is wanted, and tells when it is there', async () => {
    const code = chunk();
    const load = loadOnce(code.load);
    const first = load();
    const second = load();
    expect(code.asked()).toBe(1);
    expect(load.loaded()).toBeUndefined();
    code.arrive();
    await Promise.all([first, second]);
    expect(load.loaded()?.default).toBe(Greeting);
    await load();
    expect(code.asked()).toBe(1);
  });

  it('asks again after a load that failed, as a dropped connection leaves it', async () => {
    const code = chunk();
    const load = loadOnce(code.load);
    const failed = load();
    code.fail(new Error('network'));
    await expect(failed).rejects.toThrow('network');
    expect(load.loaded()).toBeUndefined();
    const again = load();
    expect(code.asked()).toBe(2);
    code.arrive();
    await expect(again).resolves.toEqual({ default: Greeting });
  });
});

describe('lazyCode', () => {
  it('renders code a preload already brought in the same pass, never showing the fallback', async () => {
    const { code, load } = await preloaded();
    const Screen = lazyCode(load);
    renderInSuspense(Screen);
    // Synchronously after the first render: no fallback, the screen itself.
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(code.asked()).toBe(1);
  });

  it("is what React's own lazy is not: given the same loaded code, lazy() shows its fallback first", async () => {
    const { load, preload } = await preloaded();
    const Screen = lazy(load);
    renderInSuspense(Screen);
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {
      await preload;
    });
    await screen.findByRole('heading', { name: 'Welcome' });
  });

  it('shows the fallback while code is still on its way, then the component, from one load', async () => {
    const code = chunk();
    const Screen = lazyCode(code.load);
    renderInSuspense(Screen);
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {
      code.arrive();
      await Promise.resolve();
    });
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(code.asked()).toBe(1);
  });
});
