import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { withMessages } from '../src/i18n/i18n';
import { MESSAGE_AREAS } from '../src/i18n/languages';

// Every part of the English catalogue, as the app has it once a screen's words have loaded.
await withMessages(MESSAGE_AREAS, () => Promise.resolve(null))();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
