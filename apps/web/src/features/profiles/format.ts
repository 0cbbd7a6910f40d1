import { i18n } from '../../i18n/i18n';

/** Empty values read "Not specified"; dates come from the app's one format (lib/format.ts). */
export { formatDate, formatDateTime, NO_DATE } from '../../lib/format';

/** The value, or "Not specified" in the interface's language when it is empty (asked for as it is shown). */
export function orNotSpecified(value: string | null | undefined): string {
  return value?.trim() ? value : i18n._('profile.notSpecified');
}
