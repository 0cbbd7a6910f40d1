import type { User } from '@supabase/supabase-js';
import { choiceKept, currentLanguage, keepLanguageOnDevice, OFFERED_LANGUAGES, pendingChoice } from '../../i18n/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';
import { loadSupabase } from '../../lib/authClient';

/**
 * Which language a signed-in person sees (docs/product.md#languages): the one they picked on this
 * device, when their account does not keep it yet (it is then saved there); else their account's.
 * Loaded with the sign-in's answer and the signed-in layout, not with the sign-in screen.
 */

/** The language kept on the account (its metadata), so every device and the server's mails use it. */
function accountLanguage(user: User | null): Language | null {
  const language: unknown = user?.user_metadata?.language;
  return isLanguage(language) ? language : null;
}

export async function saveOnAccount(language: Language): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ data: { language } });
  // The device keeps the choice either way; the account catches up on the next choice or visit.
  if (error) console.warn('The language could not be kept on the account', error);
  else choiceKept(language);
}

/**
 * Brings this device and `user`'s account in step, and answers once the interface speaks the
 * language it will keep (so what is said next, "Signed in successfully!", is said in it): a
 * language picked on this device wins and is saved on the account (not waited for); otherwise the
 * account's language shows, when the event offers it; an account with none takes the device's
 * (when it is not English, which the server assumes of an account without one).
 */
export async function settleLanguage(user: User): Promise<void> {
  const chosen = pendingChoice();
  const kept = accountLanguage(user);
  if (chosen !== null) {
    if (kept !== chosen) void saveOnAccount(chosen);
    else choiceKept(chosen);
    return;
  }
  const here = currentLanguage();
  // An account without a language is English to the server: only another language needs saving.
  if (kept === null && here !== DEFAULT_LANGUAGE) void saveOnAccount(here);
  // A language the event no longer offers stays on the account, for when it is offered again.
  if (kept !== null && kept !== here && OFFERED_LANGUAGES.includes(kept)) await keepLanguageOnDevice(kept);
}

/** The account as stored now: the session this device keeps may predate a change made on another. */
export async function storedAccount(): Promise<User | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.getUser();
  return error ? null : data.user;
}
