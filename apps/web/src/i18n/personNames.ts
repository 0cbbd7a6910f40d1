import { PERSON_NAME_MESSAGES } from '@mc/contract/privacy.ts';
import { i18n } from './i18n';

/*
 * The names the server writes in place of a person's ("Anonymous attendee", "deleted account") are
 * the contract's English; a screen that shows a name it was given says these in the interface's
 * language (docs/product.md#languages). A name a person chose stays as written.
 */

const NAMES: Readonly<Record<string, { messageId: string }>> = {
  [PERSON_NAME_MESSAGES.anonymous]: { messageId: 'people.anonymous' },
  [PERSON_NAME_MESSAGES.deleted]: { messageId: 'people.deletedAccount' },
};

/** A person's name as a screen shows it: the server's own names in the interface's language. */
export function shownName(name: string): string {
  const entry = Object.hasOwn(NAMES, name) ? NAMES[name] : undefined;
  return entry ? i18n._(entry.messageId) : name;
}

/** "first last" as people_shown gives it, as a screen shows it. */
export function shownFullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return shownName(
    [person.first_name, person.last_name]
      .map((part) => (part ?? '').trim())
      .filter(Boolean)
      .join(' '),
  );
}
