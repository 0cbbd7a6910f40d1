import type { ProgrammeResponse } from '@mc/contract/programme.ts';

/**
 * Fetching the programme, apart from programme.ts so screens that only need its dates (the
 * sidebar on every screen) do not also download the programme's validation code.
 */
export const PROGRAMME_URL = '/content/v1/programme';

export async function fetchProgramme(): Promise<ProgrammeResponse> {
  const response = await fetch(PROGRAMME_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The programme could not be loaded (HTTP ${response.status}). Please try again.`);
  return (await response.json()) as ProgrammeResponse;
}
