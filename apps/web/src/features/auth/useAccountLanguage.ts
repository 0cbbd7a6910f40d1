import { useEffect } from 'react';
import { onLanguageChosen } from '../../i18n/i18n';
import { saveOnAccount, settleLanguage, storedAccount } from './accountLanguage';

/**
 * Keeps the interface language and the signed-in account's in step (accountLanguage.ts): each
 * visit shows the account's language (and keeps it on the device) unless the person picked one on
 * this device that the account does not keep yet; a language picked while signed in is saved on
 * the account.
 */
export function useAccountLanguage(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let active = true;
    void storedAccount().then(async (user) => {
      if (active && user) await settleLanguage(user);
    });
    const stopListening = onLanguageChosen((language) => void saveOnAccount(language));
    return () => {
      active = false;
      stopListening();
    };
  }, [userId]);
}
