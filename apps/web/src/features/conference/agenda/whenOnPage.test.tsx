import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenOnPage } from './whenOnPage.ts';

/**
 * Resolves once the page's MutationObservers have been told what changed so far: observers are told
 * in the order they were made, so one made now, told of a change made now, is told after them.
 */
function observed(): Promise<void> {
  return new Promise((resolve) => {
    const last = new MutationObserver(() => {
      last.disconnect();
      resolve();
    });
    last.observe(document.body, { attributes: true });
    document.body.toggleAttribute('data-observed');
  });
}

function addElement(id: string): HTMLElement {
  const element = document.createElement('article');
  element.id = id;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('whenOnPage', () => {
  it('arrives at once at an element already on the page', () => {
    const element = addElement('part-s1p1');
    const arrive = vi.fn();
    whenOnPage('part-s1p1', arrive);
    expect(arrive).toHaveBeenCalledExactlyOnceWith(element);
  });

  it('waits for an element drawn later, and arrives once', async () => {
    const arrive = vi.fn();
    whenOnPage('part-s4p3', arrive);
    addElement('part-s1p1');
    await observed();
    expect(arrive).not.toHaveBeenCalled();
    const element = addElement('part-s4p3');
    await observed();
    addElement('part-s5p1');
    await observed();
    expect(arrive).toHaveBeenCalledExactlyOnceWith(element);
  });

  it('stops waiting when asked to', async () => {
    const arrive = vi.fn();
    const stop = whenOnPage('part-s4p3', arrive);
    stop();
    addElement('part-s4p3');
    await observed();
    expect(arrive).not.toHaveBeenCalled();
  });
});
