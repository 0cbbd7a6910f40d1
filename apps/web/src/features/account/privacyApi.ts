import { PRIVACY_PAGE_PATH, type PrivacyPage } from '@mc/contract';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { screenKeys } from '../../lib/screenKeys';

/** Said when the page cannot be read (the error's message is what the screen shows). */
const failed = () => new Error(i18n._('account.privacy.loadFailed'));

/** The public privacy page, as anyone reads it (no sign-in); its built-in template in `language`. */
export async function fetchPrivacyPage(language: string): Promise<PrivacyPage> {
  const response = await fetch(PRIVACY_PAGE_PATH, { headers: { accept: 'application/json', 'accept-language': language } });
  if (!response.ok) throw failed();
  const page = (await response.json()) as Partial<PrivacyPage>;
  if (typeof page.body !== 'string') throw failed();
  return { body: page.body, updated_at: page.updated_at ?? null };
}

/** The page as read in the interface's language: another language is another answer. */
export const privacyPageQuery = () => {
  const language = currentLanguage();
  return { queryKey: screenKeys.privacyPageIn(language), queryFn: () => fetchPrivacyPage(language) };
};
