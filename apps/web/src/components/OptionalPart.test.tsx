import { Component, type ComponentType, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyCode } from '../lib/lazyCode';
import { OptionalPart } from './OptionalPart';

function Bell() {
  return <button type="button">Notifications</button>;
}

/** A part's code that arrives or fails when the test says so, counting how often it was asked for. */
function partCode() {
  let asked = 0;
  let settle: { arrive: () => void; fail: (error: Error) => void } = { arrive: () => undefined, fail: () => undefined };
  const load = () => {
    asked += 1;
    return new Promise<{ default: ComponentType }>((resolve, reject) => {
      settle = { arrive: () => resolve({ default: Bell }), fail: reject };
    });
  };
  return { load, asked: () => asked, arrive: () => settle.arrive(), fail: (error: Error) => settle.fail(error) };
}

/** What the browser throws for a module it could not download. */
const offlineError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/bell.js');

class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Screen error: {this.state.error.message}</p> : this.props.children;
  }
}

function renderOnScreen(Part: ComponentType) {
  return render(
    <ScreenBoundary>
      <h1>Dashboard</h1>
      <OptionalPart placeholder={<span>bell placeholder</span>}>
        <Part />
      </OptionalPart>
    </ScreenBoundary>,
  );
}

describe('OptionalPart', () => {
  // React reports every error a boundary catches on the console; here they are the test's own.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps its place while the code loads, then shows the part', async () => {
    const code = partCode();
    renderOnScreen(lazyCode(code.load));
    expect(screen.getByText('bell placeholder')).toBeTruthy();
    await act(async () => {
      code.arrive();
      await Promise.resolve();
    });
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('lets the screen go on without a part whose code could not be downloaded, and tries it again when the network is back', async () => {
    const code = partCode();
    renderOnScreen(lazyCode(code.load));
    await act(async () => {
      code.fail(offlineError());
      await Promise.resolve();
    });
    // The screen is still there, with the part's placeholder: no error page.
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('bell placeholder')).toBeTruthy();
    expect(screen.queryByText(/Screen error/)).toBeNull();
    expect(code.asked()).toBe(1);

    // The browser finds a network again: the part asks for its code once more, and shows.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(code.asked()).toBe(2);
    await act(async () => {
      code.arrive();
      await Promise.resolve();
    });
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('hands any other error on to the screen', async () => {
    function Broken(): never {
      throw new Error('the bell is broken');
    }
    renderOnScreen(Broken);
    await screen.findByText('Screen error: the bell is broken');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });
});
