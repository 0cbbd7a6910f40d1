import { PRIVACY_PAGE_PATH, type PrivacyPage } from '@mc/contract';

const FAILED = 'The privacy page could not be loaded. Please try again.';

/** The public privacy page, as anyone reads it (no sign-in). */
export async function fetchPrivacyPage(): Promise<PrivacyPage> {
  const response = await fetch(PRIVACY_PAGE_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(FAILED);
  const page = (await response.json()) as Partial<PrivacyPage>;
  if (typeof page.body !== 'string') throw new Error(FAILED);
  return { body: page.body, updated_at: page.updated_at ?? null };
}

export const privacyPageKey = ['privacy-page'] as const;
