import { useEffect } from 'react';
import type { User } from '@supabase/supabase-js';
import { currentLanguage, keepLanguageOnDevice, OFFERED_LANGUAGES, onLanguageChosen } from '../../i18n/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';
import { loadSupabase } from '../../lib/authClient';

/** The language kept on the account (its metadata), so every device and the server's mails use it. */
function accountLanguage(user: User | null): Language | null {
  const language: unknown = user?.user_metadata?.language;
  return isLanguage(language) ? language : null;
}

async function saveOnAccount(language: Language): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ data: { language } });
  // The device keeps the choice either way; the account catches up on the next choice or visit.
  if (error) console.warn('The language could not be kept on the account', error);
}

/** The account's language as stored now: the session this device keeps may predate a change made on another. */
async function storedAccountLanguage(): Promise<{ language: Language | null } | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.getUser();
  return error || !data.user ? null : { language: accountLanguage(data.user) };
}

/**
 * Keeps the interface language and the signed-in account's in step: each visit shows the
 * account's language (and keeps it on the device); a language picked while signed in is saved on
 * the account; an account with none yet takes the device's (when it is not English, which the
 * server assumes of an account without one).
 */
export function useAccountLanguage(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let active = true;
    void storedAccountLanguage().then(async (account) => {
      if (!active || !account) return;
      const here = currentLanguage();
      // An account without a language is English to the server: only another language needs saving.
      if (account.language === null && here !== DEFAULT_LANGUAGE) await saveOnAccount(here);
      // A language the event no longer offers stays on the account, for when it is offered again.
      if (account.language !== null && account.language !== here && OFFERED_LANGUAGES.includes(account.language)) await keepLanguageOnDevice(account.language);
    });
    const stopListening = onLanguageChosen((language) => void saveOnAccount(language));
    return () => {
      active = false;
      stopListening();
    };
  }, [userId]);
}
