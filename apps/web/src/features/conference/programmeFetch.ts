import type { ProgrammeResponse } from '@mc/contract/programme.ts';
import { isReachable, networkFetch } from '../../lib/network';
import { offlineMessage } from '../../lib/rpcError';
import { i18n } from '../../i18n/i18n';

/**
 * Fetching the programme, apart from programme.ts so screens that only need its dates (the
 * sidebar on every screen) do not also download the programme's validation code.
 */
export const PROGRAMME_URL = '/content/v1/programme';

/**
 * Through the app's one network layer; offline (no network, or one that does not answer) the copy
 * the service worker kept from the last read, read straight from its cache so nothing waits.
 */
export async function fetchProgramme(): Promise<ProgrammeResponse> {
  let response: Response | undefined;
  if (isReachable()) response = await networkFetch(PROGRAMME_URL, { headers: { accept: 'application/json' } }).catch(() => undefined);
  response ??= await keptProgramme();
  if (!response) throw new Error(offlineMessage());
  // The screen shows the message as it is, so it is written in the interface's language here.
  if (!response.ok) throw new Error(i18n._('programme.loadFailed', { status: response.status }));
  return (await response.json()) as ProgrammeResponse;
}

async function keptProgramme(): Promise<Response | undefined> {
  if (typeof caches === 'undefined') return undefined;
  return caches.match(PROGRAMME_URL).catch(() => undefined);
}
